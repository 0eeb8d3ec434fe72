import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { accessOf } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { JobLane, JobRunner } from '../../jobs/runner.ts';
import { projects } from '../projects/schema.ts';
import { keyShares } from '../sharding/schema.ts';
import { whitelists } from '../whitelists/schema.ts';
import { webhookCursors, webhookDeliveries, webhookEndpoints, webhookEvents } from './schema.ts';
import {
  chainEventsAfter,
  dataEventsUnrecorded,
  type EventSubject,
  type FoundEvent,
  lastChainEventId,
} from './sources.ts';

/** The durable job that makes one attempt of one delivery (deliver.ts). */
export const webhookDeliverJobKind = 'webhook.deliver';

/**
 * Deliveries run in their own lane of the job runner, never in the slots of user work (deployments, bulk
 * operations, pushes, mails), and one at a time per endpoint: an endpoint that never answers holds one slot here.
 */
export const webhookLane: JobLane = { name: 'webhooks', concurrency: 4, oneAtATimeBy: 'endpointId' };

/** Queues one attempt of a delivery (in `db`, e.g. the transaction recording it), under its endpoint's key. */
export function queueDelivery(
  runner: JobRunner,
  db: Database | undefined,
  delivery: { id: number; endpointId: number },
  options: { runAfter?: Date; replay?: boolean; owner?: { accountId: number; limit: number } } = {},
) {
  const { replay, ...rest } = options;
  return runner.enqueue(
    webhookDeliverJobKind,
    { deliveryId: delivery.id, endpointId: String(delivery.endpointId), ...(replay ? { replay: true } : {}) },
    db,
    rest,
  );
}

type Endpoint = { id: number; accountId: number; events: string[] };

/** Whether the account may see what the event is about (the access module's rules). */
async function maySee(ctx: AppContext, accountId: number, subject: EventSubject): Promise<boolean> {
  const access = accessOf(ctx);
  const viewer = { accountId };
  switch (subject.kind) {
    case 'token': {
      // Token events name holders and amounts: those who may see the token's investor data.
      const [token] = await ctx.db
        .select()
        .from(projects)
        .where(eq(projects.contractAddress, subject.contractAddress))
        .limit(1);
      return token ? access.investorData(viewer, { token }) : false;
    }
    case 'whitelist': {
      const [whitelist] = await ctx.db
        .select()
        .from(whitelists)
        .where(eq(whitelists.address, subject.address))
        .limit(1);
      return whitelist ? access.whitelistRecords(viewer, { whitelist }) : false;
    }
    case 'key': {
      const signers = await ctx.db
        .select({ accountId: keyShares.accountId })
        .from(keyShares)
        .where(and(eq(keyShares.keyId, subject.keyId), eq(keyShares.generation, subject.generation)));
      return access.involved(
        viewer,
        signers.map((s) => s.accountId),
      );
    }
    case 'draft':
      return access.involved(viewer, [subject.accountId]);
  }
}

/**
 * Records one event under its unique key with a delivery and a queued delivery job for every enabled endpoint
 * subscribed to its type whose account may see it, all in one database transaction (a second instance's insert
 * of the same key does nothing). Answers whether it was new.
 */
async function recordEvent(ctx: AppContext, runner: JobRunner, event: FoundEvent, endpoints: Endpoint[]) {
  const allowed = new Map<number, boolean>();
  const targets: Endpoint[] = [];
  for (const endpoint of endpoints) {
    if (!endpoint.events.includes(event.type)) continue;
    let ok = allowed.get(endpoint.accountId);
    if (ok === undefined) {
      ok = await maySee(ctx, endpoint.accountId, event.subject);
      allowed.set(endpoint.accountId, ok);
    }
    if (ok) targets.push(endpoint);
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEvents)
      .values({
        eventKey: event.eventKey,
        messageId: `msg_${randomBytes(12).toString('hex')}`,
        type: event.type,
        payload: event.data,
      })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!row) return false;
    for (const endpoint of targets) {
      const [delivery] = await tx
        .insert(webhookDeliveries)
        .values({ endpointId: endpoint.id, eventId: row.id })
        .returning({ id: webhookDeliveries.id });
      if (!delivery) continue;
      const job = await queueDelivery(runner, tx as unknown as Database, {
        id: delivery.id,
        endpointId: endpoint.id,
      });
      await tx.update(webhookDeliveries).set({ jobId: job.id }).where(eq(webhookDeliveries.id, delivery.id));
    }
    return true;
  });
}

async function enabledEndpoints(db: Database): Promise<Endpoint[]> {
  return db
    .select({
      id: webhookEndpoints.id,
      accountId: webhookEndpoints.accountId,
      events: webhookEndpoints.events,
    })
    .from(webhookEndpoints)
    .where(isNull(webhookEndpoints.disabledOn));
}

/**
 * Turns the chain events the indexer stored since the cursor into webhook events. `leader` is false on an
 * instance whose indexer does not lead: the leader records (the unique keys and the cursor's row lock keep a
 * second recorder harmless anyway). Answers how many events were recorded.
 */
export async function recordChainEvents(ctx: AppContext, runner: JobRunner): Promise<number> {
  await ctx.db
    .insert(webhookCursors)
    .values({ name: 'chain', lastId: await lastChainEventId(ctx.db) })
    .onConflictDoNothing();
  const [cursor] = await ctx.db.select().from(webhookCursors).where(eq(webhookCursors.name, 'chain'));
  if (!cursor) return 0;
  const found = await chainEventsAfter(ctx.db, cursor.lastId);
  if (found.length === 0) return 0;
  const endpoints = await enabledEndpoints(ctx.db);
  let recorded = 0;
  for (const event of found) {
    const subscribed = endpoints.some((endpoint) => endpoint.events.includes(event.type));
    if (subscribed && (await recordEvent(ctx, runner, event, endpoints))) recorded += 1;
  }
  const last = found[found.length - 1]?.sourceId ?? cursor.lastId;
  await ctx.db
    .update(webhookCursors)
    .set({ lastId: sql`greatest(${webhookCursors.lastId}, ${last})` })
    .where(eq(webhookCursors.name, 'chain'));
  return recorded;
}

/** Records the distributed transaction and draft events not recorded yet. */
export async function recordDataEvents(ctx: AppContext, runner: JobRunner): Promise<number> {
  const found = await dataEventsUnrecorded(ctx.db);
  if (found.length === 0) return 0;
  const endpoints = await enabledEndpoints(ctx.db);
  let recorded = 0;
  for (const event of found) if (await recordEvent(ctx, runner, event, endpoints)) recorded += 1;
  return recorded;
}
