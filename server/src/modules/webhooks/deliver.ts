import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { decryptSecretText } from '../../crypto/aesGcm.ts';
import type { Database } from '../../db/database.ts';
import { accountReviewItems } from '../../db/schema.ts';
import { crashPoint } from '../../jobs/crashPoints.ts';
import type { JobHandler, JobRunner } from '../../jobs/runner.ts';
import { recordMail } from '../notifications/service.ts';
import { queueDelivery } from './record.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from './schema.ts';
import { isDelivered, sendWebhook } from './send.ts';

/**
 * WEBHOOK_RETRY_BASE_MS (default 10 s): the first retry's delay, doubled each time up to an hour; WEBHOOK_GIVE_UP_MS
 * (default 24 h): an event is retried this long, and an endpoint failing this long is disabled and its owner mailed (a
 * durable mail recorded in the disabling transaction).
 */
export type WebhookTiming = { retryBaseMs: number; retryMaxMs: number; giveUpMs: number };

export function webhookTimingFromEnv(env: NodeJS.ProcessEnv): WebhookTiming {
  const number = (name: string, fallback: number) => {
    const value = Number(env[name]?.trim() || fallback);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${name} must be a whole number of milliseconds`);
    return value;
  };
  return {
    retryBaseMs: number('WEBHOOK_RETRY_BASE_MS', 10_000),
    retryMaxMs: 3_600_000,
    giveUpMs: number('WEBHOOK_GIVE_UP_MS', 86_400_000),
  };
}

/**
 * Whether an endpoint waits for its owner's review after a password reset (accounts/review.ts): its deliveries
 * wait (pending, no job) until the owner keeps it.
 */
async function underReview(db: Database, endpointId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accountReviewItems.id })
    .from(accountReviewItems)
    .where(and(eq(accountReviewItems.kind, 'webhook'), eq(accountReviewItems.itemId, endpointId)))
    .limit(1);
  return row !== undefined;
}

/** The delay before attempt `attempt + 1` (exponential backoff). */
export const retryDelayMs = (timing: WebhookTiming, attempt: number) =>
  Math.min(timing.retryMaxMs, timing.retryBaseMs * 2 ** Math.max(0, attempt - 1));

/** Binds a sealed secret to its account (aesGcm associated data). */
export const secretBinding = (accountId: number) => `webhook-secret:${accountId}`;

/**
 * One attempt of one delivery. A queued delivery is sent only by the job it names (`jobId`), so a job run again
 * after a crash that had already recorded its attempt does nothing; a replay (payload.replay) sends once and
 * never retries. Crash points: webhook:sending, webhook:answered, webhook:recorded (crashPoints.ts).
 */
export function createDeliverHandler(ctx: AppContext, runner: JobRunner, timing: WebhookTiming): JobHandler {
  return async (job, tools) => {
    const deliveryId = Number(job.payload.deliveryId);
    const replay = job.payload.replay === true;
    const [row] = await ctx.db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.id, deliveryId))
      .limit(1);
    if (!row) return;
    const { delivery, endpoint, event } = row;
    if (!replay && (delivery.state !== 'pending' || delivery.jobId !== job.id)) return;
    if (!replay && endpoint.disabledOn) {
      await ctx.db
        .update(webhookDeliveries)
        .set({ state: 'failed' })
        .where(eq(webhookDeliveries.id, delivery.id));
      return;
    }
    if (!replay && (await underReview(ctx.db, endpoint.id))) {
      // Paused after a password reset until its owner keeps it (accounts/review.ts queues it again then).
      await ctx.db
        .update(webhookDeliveries)
        .set({ jobId: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      return;
    }
    await tools.setStep('sending');
    crashPoint('webhook:sending');
    const secret = decryptSecretText(ctx.masterKey, endpoint.sealedSecret, secretBinding(endpoint.accountId));
    const body = JSON.stringify({
      type: event.type,
      timestamp: event.createdOn.toISOString(),
      data: event.payload,
    });
    const result = await sendWebhook(endpoint.url, secret, event.messageId, body, tools.signal);
    // Stopped before an answer (shutdown or a lost lease): the runner queues this same job again, nothing recorded.
    if (tools.signal.aborted && result.statusCode === null) throw new Error('The delivery was interrupted');
    crashPoint('webhook:answered');
    const ok = isDelivered(result);
    const now = new Date();
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1` })
        .where(eq(webhookDeliveries.id, delivery.id))
        .returning();
      if (!current) return;
      let willRetry = false;
      if (ok) {
        // Recorded as delivered once: only a delivery not delivered yet changes.
        await tx
          .update(webhookDeliveries)
          .set({ state: 'delivered', deliveredOn: now })
          .where(and(eq(webhookDeliveries.id, delivery.id), sql`${webhookDeliveries.state} <> 'delivered'`));
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null, ...(replay ? { disabledOn: null } : {}) })
          .where(eq(webhookEndpoints.id, endpoint.id));
      } else {
        const failingSince = endpoint.failingSince ?? now;
        const endpointGivesUp =
          !endpoint.disabledOn && now.getTime() - failingSince.getTime() >= timing.giveUpMs;
        const eventGivesUp = now.getTime() - event.createdOn.getTime() >= timing.giveUpMs;
        willRetry = !replay && current.state === 'pending' && !eventGivesUp && !endpointGivesUp;
        if (willRetry) {
          const next = await queueDelivery(runner, tx as unknown as Database, delivery, {
            runAfter: new Date(now.getTime() + retryDelayMs(timing, current.attempts)),
          });
          await tx
            .update(webhookDeliveries)
            .set({ jobId: next.id })
            .where(eq(webhookDeliveries.id, delivery.id));
        } else if (!replay && current.state === 'pending') {
          await tx
            .update(webhookDeliveries)
            .set({ state: 'failed' })
            .where(eq(webhookDeliveries.id, delivery.id));
        }
        await tx
          .update(webhookEndpoints)
          .set({ failingSince, ...(endpointGivesUp ? { disabledOn: now } : {}) })
          .where(eq(webhookEndpoints.id, endpoint.id));
        if (endpointGivesUp) {
          // Its other queued deliveries stop too.
          await tx
            .update(webhookDeliveries)
            .set({ state: 'failed' })
            .where(
              and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.state, 'pending')),
            );
          // The owner's mail, recorded once under the disabling's key and sent by a durable job after the commit.
          await recordMail(tx as unknown as Database, runner, {
            eventKey: `webhook.disabled:${endpoint.id}:${now.getTime()}`,
            ...disabledMail(ctx, endpoint.accountId, endpoint.url, timing),
          });
        }
      }
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        attempt: current.attempts,
        statusCode: result.statusCode,
        error: result.error,
        willRetry,
        attemptedOn: now,
      });
    });
    crashPoint('webhook:recorded');
  };
}

/** The owner's mail about a disabled endpoint (sent by the notifications' durable mail job). */
function disabledMail(ctx: AppContext, accountId: number, url: string, timing: WebhookTiming) {
  const hours = Math.round(timing.giveUpMs / 3_600_000);
  return {
    kind: 'webhookDisabled',
    accountId,
    subject: 'Tranche: a webhook endpoint was disabled',
    text: [
      `Deliveries to your webhook endpoint ${url} failed for ${hours >= 1 ? `${hours} hours` : 'the retry period'}, so it was disabled.`,
      '',
      `See its delivery log and replay a delivery to turn it on again: ${ctx.publicUrl()}/Webhooks`,
    ].join('\n'),
  };
}
