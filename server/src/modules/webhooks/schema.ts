import type { WebhookEventType } from '@tranche/api';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

const on = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An account's webhook endpoint (issue 23). The Standard Webhooks secret is stored sealed under the master key
 * (AES-256-GCM, bound to the account): shown once when created, never stored or logged in plain text.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    sealedSecret: text('sealed_secret').notNull(),
    createdOn: on('created_on').notNull().defaultNow(),
    /** Set when its deliveries failed for the give-up period (24 h): no more deliveries, the owner is mailed. */
    disabledOn: on('disabled_on'),
    /** The first failure since the last success. */
    failingSince: on('failing_since'),
  },
  (table) => [index('webhook_endpoints_account_idx').on(table.accountId)],
);

/**
 * One event, recorded once under its unique key ('chain:<contract>:<tx>:<log index>', 'dtx.started:12', ...)
 * whichever instance notices it first; `messageId` is its webhook-id header for every attempt and replay.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventKey: text('event_key').notNull(),
    messageId: text('message_id').notNull(),
    type: text('type').$type<WebhookEventType>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdOn: on('created_on').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webhook_events_key').on(table.eventKey),
    uniqueIndex('webhook_events_message_key').on(table.messageId),
  ],
);

export const webhookDeliveryStates = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

/**
 * One event to one endpoint (unique): pending until a 2xx answer (then delivered, once) or the give-up period
 * (failed). `jobId` is the durable job that owns the next attempt: any other job of it is a stale duplicate.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    state: text('state').$type<WebhookDeliveryState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    jobId: integer('job_id'),
    deliveredOn: on('delivered_on'),
    createdOn: on('created_on').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('webhook_deliveries_endpoint_event_key').on(table.endpointId, table.eventId)],
);

/** Every attempt of a delivery with the endpoint's status code (null when it did not answer): the delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    /** Whether a later attempt follows (a failed attempt inside the retry period). */
    willRetry: boolean('will_retry').notNull().default(false),
    attemptedOn: on('attempted_on').notNull().defaultNow(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.id)],
);

/** How far the chain events of the indexer's table (token_events.id) were turned into webhook events. */
export const webhookCursors = pgTable('webhook_cursors', {
  name: text('name').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
});
