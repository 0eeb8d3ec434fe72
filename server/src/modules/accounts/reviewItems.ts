import type { AccountReview, AccountReviewItem, AccountReviewKind } from '@tranche/api';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accountReviewItems } from '../../db/schema.ts';
import { credentials } from '../credentials/schema.ts';
import { provedWallets } from '../wallets/schema.ts';
import { webhookEndpoints } from '../webhooks/schema.ts';

/**
 * The review after a password reset (issue 33). Whoever knew the old password (a stranger who signed up with the
 * owner's address first, or guessed it) may have added a webhook that receives every event, a proved wallet or a
 * registered key, and the reset alone leaves them in place. The reset lists every one of them for the owner to
 * keep or remove, and the webhooks among them are paused (their deliveries wait, webhooks/deliver.ts) until kept.
 */

/** The tables of what is reviewed, by kind: the row's id, account and label (URL or address) and when it came. */
export const reviewed = {
  webhook: {
    table: webhookEndpoints,
    id: webhookEndpoints.id,
    accountId: webhookEndpoints.accountId,
    label: webhookEndpoints.url,
    createdOn: webhookEndpoints.createdOn,
  },
  wallet: {
    table: provedWallets,
    id: provedWallets.id,
    accountId: provedWallets.accountId,
    label: provedWallets.address,
    createdOn: provedWallets.provedOn,
  },
  key: {
    table: credentials,
    id: credentials.id,
    accountId: credentials.accountId,
    label: credentials.address,
    createdOn: credentials.createdOn,
  },
} as const;

const kinds = Object.keys(reviewed) as AccountReviewKind[];

/** In the reset's database transaction: everything the account has now waits for its owner's review. */
export async function markForReview(tx: Database, accountId: number): Promise<void> {
  for (const kind of kinds) {
    const source = reviewed[kind];
    await tx.execute(sql`
      insert into ${accountReviewItems} (account_id, kind, item_id)
      select ${accountId}::integer, ${kind}::text, ${source.id} from ${source.table}
      where ${source.accountId} = ${accountId}::integer
      on conflict do nothing`);
  }
}

/** GET /accounts/review: what waits for the viewer's review, oldest first within each kind. */
export async function listReview(db: Database, viewer: { accountId: number }): Promise<AccountReview> {
  const items: AccountReviewItem[] = [];
  for (const kind of kinds) {
    const source = reviewed[kind];
    const rows = await db
      .select({ id: source.id, label: source.label, createdOn: source.createdOn })
      .from(accountReviewItems)
      .innerJoin(source.table, eq(source.id, accountReviewItems.itemId))
      .where(and(eq(accountReviewItems.accountId, viewer.accountId), eq(accountReviewItems.kind, kind)))
      .orderBy(asc(source.createdOn));
    for (const row of rows) items.push({ kind, ...row, createdOn: row.createdOn.toISOString() });
  }
  return { items };
}
