import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@tranche/api';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { encryptSecret } from '../../crypto/aesGcm.ts';
import type { Database } from '../../db/database.ts';
import type { JobRow, JobRunner } from '../../jobs/runner.ts';
import { jobs } from '../../jobs/schema.ts';
import { secretBinding } from './deliver.ts';
import { queueDelivery } from './record.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './schema.ts';

/**
 * A webhook endpoint of `accountId` subscribed to `events`, written as POST /webhooks writes it, at a URL that
 * answers nothing: for tests of what is recorded for whom (an endpoint gets the events recorded after it exists).
 */
export async function insertTestEndpoint(
  ctx: Pick<AppContext, 'db' | 'masterKey'>,
  accountId: number,
  events: WebhookEventType[],
  url = 'http://127.0.0.1:9/hooks',
): Promise<number> {
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      accountId,
      url,
      events,
      sealedSecret: encryptSecret(ctx.masterKey, 'whsec_test', secretBinding(accountId)),
    })
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new Error('The endpoint was not recorded');
  return row.id;
}

/**
 * `count` events for a new endpoint of `accountId` at `url`, each with its delivery and queued delivery job, queued
 * as the event recorder queues them (record.ts): for tests and benchmarks of deliveries piling up.
 */
export async function queueTestDeliveries(
  ctx: Pick<AppContext, 'db' | 'masterKey'>,
  runner: JobRunner,
  accountId: number,
  url: string,
  count: number,
): Promise<{ endpointId: number; deliveryIds: number[] }> {
  const endpointId = await insertTestEndpoint(ctx, accountId, ['draft.deployed'], url);
  const deliveryIds: number[] = [];
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    for (let i = 0; i < count; i += 1) {
      const [event] = await db
        .insert(webhookEvents)
        .values({
          eventKey: `test:${endpointId}:${i}`,
          messageId: `msg_${randomBytes(12).toString('hex')}`,
          type: 'draft.deployed',
          payload: { test: i },
        })
        .returning({ id: webhookEvents.id });
      if (!event) throw new Error('The event was not recorded');
      const [delivery] = await db
        .insert(webhookDeliveries)
        .values({ endpointId, eventId: event.id })
        .returning({ id: webhookDeliveries.id });
      if (!delivery) throw new Error('The delivery was not recorded');
      const job = await queueDelivery(runner, db, { id: delivery.id, endpointId });
      await db.update(webhookDeliveries).set({ jobId: job.id }).where(eq(webhookDeliveries.id, delivery.id));
      deliveryIds.push(delivery.id);
    }
  });
  return { endpointId, deliveryIds };
}

/** One job's row as stored (undefined when there is none). */
export async function readJob(db: Database, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}
