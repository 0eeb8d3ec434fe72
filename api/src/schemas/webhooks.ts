import { z } from 'zod';
import { webhookMessages as m } from '../messages.ts';
import { idField } from './fields.ts';
import { pageNumberField } from './transactions.ts';

/** The event types a webhook endpoint can subscribe to (issue 23). */
export const webhookEventTypes = [
  'token.issued',
  'token.redeemed',
  'token.transferred',
  'token.paused',
  'token.resumed',
  'dtx.started',
  'dtx.approved',
  'dtx.executed',
  'dtx.failed',
  'draft.deployed',
  'whitelist.updated',
  'token.frozen',
  'token.unfrozen',
  'token.recovered',
  'whitelist.expiring',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What each event type means (the console's checkboxes and the OpenAPI descriptions). */
export const webhookEventNames: Record<WebhookEventType, string> = {
  'token.issued': 'Tokens were issued',
  'token.redeemed': 'Tokens were redeemed',
  'token.transferred': 'Tokens were transferred',
  'token.paused': 'A token was paused',
  'token.resumed': 'A token was resumed',
  'dtx.started': 'A distributed transaction of one of my keys started',
  'dtx.approved': 'A signer approved a distributed transaction',
  'dtx.executed': 'A distributed transaction executed',
  'dtx.failed': 'A distributed transaction failed',
  'draft.deployed': 'A token draft was deployed',
  'whitelist.updated': 'A whitelist entry was added, changed or removed',
  'token.frozen': 'An address or part of a balance was frozen',
  'token.unfrozen': 'An address or part of a balance was unfrozen',
  'token.recovered': 'A lost wallet was recovered to a new one',
  'whitelist.expiring': 'A whitelist entry expires within 30 days',
};

/** 'whitelist.expiring' is sent once per record and expiry when the expiry comes within this many days. */
export const whitelistExpiringDays = 30;

/** The most endpoints one account may have. */
export const maxWebhookEndpoints = 20;

export const webhookUrlField = z
  .string({ error: m.urlRequired })
  .trim()
  .min(1, m.urlRequired)
  .max(2000, m.urlTooLong)
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: m.urlInvalid });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      context.addIssue({ code: 'custom', message: m.urlInvalid });
    else if (url.username || url.password) context.addIssue({ code: 'custom', message: m.urlCredentials });
  });

/** POST /webhooks. */
export const createWebhookRequestSchema = z.object({
  url: webhookUrlField,
  events: z
    .array(z.enum(webhookEventTypes, { error: m.eventUnknown }), { error: m.eventsRequired })
    .min(1, m.eventsRequired)
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

/** The answer of POST /webhooks: the signing secret is shown this once (stored sealed, never shown again). */
export const createWebhookResponseSchema = z.object({ id: z.number().int(), secret: z.string() });
export type CreateWebhookResponse = z.infer<typeof createWebhookResponseSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  createdOn: z.string(),
  /** Set when the endpoint failed for 24 hours and was turned off. */
  disabledOn: z.string().nullable(),
  /** Since when its deliveries fail (null while they succeed). */
  failingSince: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

const webhookId = idField({ invalid: m.idInvalid });

export const webhookIdParamsSchema = z.object({ id: webhookId });
export const webhookDeliveriesParamsSchema = z.object({ id: webhookId, page: pageNumberField });
export const webhookReplayParamsSchema = z.object({ id: webhookId, deliveryId: webhookId });

export const webhookDeliveryStatuses = ['pending', 'retrying', 'delivered', 'failed'] as const;

/** One attempt to deliver one event to an endpoint (a row of the delivery log). */
export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  /** The delivery (event × endpoint) the attempt belongs to: what Replay sends again. */
  deliveryId: z.number().int(),
  /** The webhook-id header: the same for every attempt of one event. */
  eventId: z.string(),
  eventType: z.enum(webhookEventTypes),
  attempt: z.number().int(),
  status: z.enum(webhookDeliveryStatuses),
  statusCode: z.number().int().nullable(),
  attemptedOn: z.string(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryPageSchema = z.object({
  attempts: z.array(webhookAttemptSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookReplayResponseSchema = z.object({ deliveryId: z.number().int(), queued: z.boolean() });

/**
 * The body of every webhook (Standard Webhooks: `type`, `timestamp`, `data`), signed with the endpoint's secret in
 * the webhook-id, webhook-timestamp and webhook-signature headers.
 */
export function webhookPayloadSchema<T extends WebhookEventType, D extends z.ZodType>(type: T, data: D) {
  return z.object({ type: z.literal(type), timestamp: z.string(), data });
}

const tokenRef = { symbol: z.string(), contractAddress: z.string() };
const chainRef = { transactionHash: z.string(), blockNumber: z.number().int(), logIndex: z.number().int() };
const tokenMove = z.object({
  ...tokenRef,
  ...chainRef,
  partition: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Integer amount as a decimal string. */
  amount: z.string(),
  operator: z.string().nullable(),
});
const tokenState = z.object({ ...tokenRef, ...chainRef, by: z.string().nullable() });
/**
 * A freeze or unfreeze (version 2 tokens, issue 36): of the whole address (`scope` 'address', ERC-3643
 * AddressFrozen) or of an amount (`scope` 'amount', ERC-3643 TokensFrozen / TokensUnfrozen, also when a forced
 * transfer or redemption took frozen tokens), with the partition and what stays frozen there when one partition
 * changed.
 */
const freezeChange = z.object({
  ...tokenRef,
  ...chainRef,
  scope: z.enum(['address', 'amount']),
  account: z.string(),
  /** Integer amount as a decimal string (null for an address). */
  amount: z.string().nullable(),
  partition: z.string().nullable(),
  /** What stays frozen of the account in `partition` after the change (null when not one partition). */
  frozenAfter: z.string().nullable(),
  by: z.string().nullable(),
});
const dtxData = z.object({
  dtxId: z.number().int(),
  txType: z.number().int(),
  keyAddress: z.string(),
  symbol: z.string().nullable(),
  status: z.number().int(),
  transactionHash: z.string().nullable(),
  error: z.string().nullable(),
  approvedBy: z.string().nullable(),
});

/** The payload of each event type (the OpenAPI `webhooks` section lists them). */
export const webhookPayloadSchemas = {
  'token.issued': webhookPayloadSchema('token.issued', tokenMove),
  'token.redeemed': webhookPayloadSchema('token.redeemed', tokenMove),
  'token.transferred': webhookPayloadSchema('token.transferred', tokenMove),
  'token.paused': webhookPayloadSchema('token.paused', tokenState),
  'token.resumed': webhookPayloadSchema('token.resumed', tokenState),
  'dtx.started': webhookPayloadSchema('dtx.started', dtxData),
  'dtx.approved': webhookPayloadSchema('dtx.approved', dtxData),
  'dtx.executed': webhookPayloadSchema('dtx.executed', dtxData),
  'dtx.failed': webhookPayloadSchema('dtx.failed', dtxData),
  'draft.deployed': webhookPayloadSchema(
    'draft.deployed',
    z.object({ symbol: z.string(), contractAddress: z.string().nullable() }),
  ),
  'whitelist.updated': webhookPayloadSchema(
    'whitelist.updated',
    z.object({
      whitelistAddress: z.string(),
      ...chainRef,
      change: z.enum(['AddressVerified', 'VerificationUpdated', 'VerificationRemoved', 'CountrySet']),
      account: z.string(),
      by: z.string().nullable(),
    }),
  ),
  'token.frozen': webhookPayloadSchema('token.frozen', freezeChange),
  'token.unfrozen': webhookPayloadSchema('token.unfrozen', freezeChange),
  'token.recovered': webhookPayloadSchema(
    'token.recovered',
    z.object({ ...tokenRef, ...chainRef, lostAddress: z.string(), newAddress: z.string() }),
  ),
  'whitelist.expiring': webhookPayloadSchema(
    'whitelist.expiring',
    z.object({
      whitelistAddress: z.string(),
      account: z.string(),
      /** When the record stops verifying the account (ISO date and time) and the days left then. */
      expiresAt: z.string(),
      daysLeft: z.number().int(),
    }),
  ),
} satisfies Record<WebhookEventType, z.ZodType>;
