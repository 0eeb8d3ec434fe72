import { randomBytes } from 'node:crypto';
import {
  type createWebhookRequestSchema,
  maxWebhookEndpoints,
  type WebhookAttempt,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  webhookMessages,
} from '@tranche/api';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { encryptSecret } from '../../crypto/aesGcm.ts';
import { HttpError } from '../../errors.ts';
import type { Database } from '../../db/database.ts';
import { type JobRunner, maxQueuedJobsPerAccount } from '../../jobs/runner.ts';
import { jobs } from '../../jobs/schema.ts';
import { secretBinding } from './deliver.ts';
import { queueDelivery, webhookDeliverJobKind } from './record.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from './schema.ts';
import { isPublicWebhookHost } from './ssrf.ts';

const pageSize = 25;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function endpointView(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    createdOn: row.createdOn.toISOString(),
    disabledOn: row.disabledOn?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
  };
}

/** POST /webhooks: a new endpoint with a generated Standard Webhooks secret, answered once and stored sealed. */
export async function createEndpoint(
  ctx: AppContext,
  viewer: Viewer,
  body: z.output<typeof createWebhookRequestSchema>,
): Promise<{ id: number; secret: string }> {
  if (!(await isPublicWebhookHost(body.url))) throw new HttpError(400, webhookMessages.urlNotPublic);
  const [existing] = await ctx.db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, viewer.accountId));
  if ((existing?.n ?? 0) >= maxWebhookEndpoints)
    throw new HttpError(409, webhookMessages.tooMany(maxWebhookEndpoints));
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      accountId: viewer.accountId,
      url: body.url,
      events: body.events,
      sealedSecret: encryptSecret(ctx.masterKey, secret, secretBinding(viewer.accountId)),
    })
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new Error('The endpoint was not recorded');
  return { id: row.id, secret };
}

export async function listEndpoints(ctx: AppContext, viewer: Viewer) {
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, viewer.accountId))
    .orderBy(asc(webhookEndpoints.id));
  return { endpoints: rows.map(endpointView) };
}

/** An endpoint of the viewer's (another account's reads as unknown: 404). */
async function requireEndpoint(ctx: AppContext, viewer: Viewer, id: number): Promise<EndpointRow> {
  const [row] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  if (!row || !accessOf(ctx).involved(viewer, [row.accountId]))
    throw new HttpError(404, webhookMessages.notFound);
  return row;
}

/** DELETE /webhooks/{id}: the endpoint, its deliveries and log go; queued attempts find nothing and stop. */
export async function deleteEndpoint(ctx: AppContext, viewer: Viewer, id: number) {
  await requireEndpoint(ctx, viewer, id);
  await ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return listEndpoints(ctx, viewer);
}

/**
 * Queues again the deliveries of an endpoint that waited while it was under review after a password reset
 * (deliver.ts holds them: pending, no job), in `tx`.
 */
export async function resumeDeliveries(tx: Database, runner: JobRunner, endpointId: number): Promise<void> {
  const waiting = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.state, 'pending'),
        isNull(webhookDeliveries.jobId),
      ),
    );
  for (const delivery of waiting) {
    const job = await runner.enqueue(webhookDeliverJobKind, { deliveryId: delivery.id }, tx);
    await tx.update(webhookDeliveries).set({ jobId: job.id }).where(eq(webhookDeliveries.id, delivery.id));
  }
}

/** GET /webhooks/{id}/deliveries/{page}: every attempt, newest first, with its status code. */
export async function listAttempts(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  page: number,
): Promise<WebhookDeliveryPage> {
  await requireEndpoint(ctx, viewer, id);
  const where = eq(webhookDeliveries.endpointId, id);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(where);
  const rows = await ctx.db
    .select({ attempt: webhookAttempts, event: webhookEvents })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookAttempts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const n = Number(total?.n ?? 0);
  return {
    attempts: rows.map(({ attempt, event }): WebhookAttempt => {
      const code = attempt.statusCode;
      const delivered = code !== null && code >= 200 && code < 300;
      return {
        id: attempt.id,
        deliveryId: attempt.deliveryId,
        eventId: event.messageId,
        eventType: event.type,
        attempt: attempt.attempt,
        status: delivered ? 'delivered' : attempt.willRetry ? 'retrying' : 'failed',
        statusCode: code,
        attemptedOn: attempt.attemptedOn.toISOString(),
        error: attempt.error,
      };
    }),
    page,
    pages: Math.max(1, Math.ceil(n / pageSize)),
    total: n,
  };
}

/**
 * POST /webhooks/{id}/deliveries/{deliveryId}/replay: one more attempt (same webhook-id), by a durable job. One replay
 * of a delivery is queued at a time (asked again while it waits, the answer is the same and nothing more is queued);
 * each counts towards the account's cap on queued work (429 beyond it).
 */
export async function replayDelivery(
  ctx: AppContext,
  runner: JobRunner,
  viewer: Viewer,
  id: number,
  deliveryId: number,
) {
  await requireEndpoint(ctx, viewer, id);
  await ctx.db.transaction(async (tx) => {
    // The delivery's row lock orders concurrent replays of it: the second sees the first's job.
    const [delivery] = await tx
      .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
      .limit(1)
      .for('update');
    if (!delivery) throw new HttpError(404, webhookMessages.deliveryNotFound);
    const [waiting] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, webhookDeliverJobKind),
          inArray(jobs.state, ['queued', 'running']),
          sql`${jobs.payload} ->> 'deliveryId' = ${String(deliveryId)}`,
          sql`${jobs.payload} ->> 'replay' = 'true'`,
        ),
      )
      .limit(1);
    if (waiting) return;
    await queueDelivery(runner, tx as unknown as Database, delivery, {
      replay: true,
      owner: { accountId: viewer.accountId, limit: maxQueuedJobsPerAccount },
    });
  });
  return { deliveryId, queued: true };
}
