import { type AccountReview, type AccountReviewKind, accountReviewMessages } from '@tranche/api';
import { and, eq } from 'drizzle-orm';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { accountReviewItems } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { resumeDeliveries } from '../webhooks/service.ts';
import { listReview, reviewed } from './reviewItems.ts';

/** Keeping or removing what a password reset listed (reviewItems.ts): the routes of the review. */

type Decision = { kind: AccountReviewKind; id: number };

/** Takes the item out of the review in `tx`; refuses one that is not the viewer's or not under review (404). */
async function takeOut(ctx: AppContext, tx: Database, viewer: Viewer, { kind, id }: Decision): Promise<void> {
  const [row] = await tx
    .delete(accountReviewItems)
    .where(and(eq(accountReviewItems.kind, kind), eq(accountReviewItems.itemId, id)))
    .returning();
  if (!row || !accessOf(ctx).involved(viewer, [row.accountId])) {
    throw new HttpError(404, accountReviewMessages.notFound);
  }
}

/** POST /accounts/review/keep: the item stays; a kept webhook's waiting deliveries are queued again. */
export async function keepItem(
  ctx: AppContext,
  runner: JobRunner,
  viewer: Viewer,
  decision: Decision,
): Promise<AccountReview> {
  await ctx.db.transaction(async (tx) => {
    await takeOut(ctx, tx, viewer, decision);
    if (decision.kind === 'webhook') await resumeDeliveries(tx, runner, decision.id);
  });
  return listReview(ctx.db, viewer);
}

/** POST /accounts/review/remove: the webhook endpoint, proved wallet or registered key is deleted. */
export async function removeItem(
  ctx: AppContext,
  viewer: Viewer,
  decision: Decision,
): Promise<AccountReview> {
  await ctx.db.transaction(async (tx) => {
    await takeOut(ctx, tx, viewer, decision);
    const source = reviewed[decision.kind];
    await tx
      .delete(source.table)
      .where(and(eq(source.id, decision.id), eq(source.accountId, viewer.accountId)));
  });
  return listReview(ctx.db, viewer);
}
