// Webhooks: this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import {
  createWebhookRequestSchema,
  createWebhookResponseSchema,
  webhookDeliveriesParamsSchema,
  webhookDeliveryPageSchema,
  webhookIdParamsSchema,
  webhookListSchema,
  webhookReplayParamsSchema,
  webhookReplayResponseSchema,
} from '../schemas/webhooks.ts';
import { type GroupRoutes, route } from './define.ts';

export const webhooksRoutes = {
  createWebhook: route('createWebhook', {
    spec: 'tranche',
    summary: 'Add a webhook endpoint (its signing secret is answered this once)',
    body: createWebhookRequestSchema,
    bodyExample: { url: 'https://example.com/tranche-events', events: ['token.issued', 'dtx.started'] },
    response: createWebhookResponseSchema,
  }),
  listWebhooks: route('listWebhooks', {
    spec: 'tranche',
    summary: 'My webhook endpoints',
    response: webhookListSchema,
  }),
  deleteWebhook: route('deleteWebhook', {
    spec: 'tranche',
    summary: 'Delete a webhook endpoint (its deliveries stop)',
    params: webhookIdParamsSchema,
    response: webhookListSchema,
  }),
  listWebhookDeliveries: route('listWebhookDeliveries', {
    spec: 'tranche',
    summary: "A webhook endpoint's delivery log: each attempt with its status code, newest first",
    params: webhookDeliveriesParamsSchema,
    response: webhookDeliveryPageSchema,
  }),
  replayWebhookDelivery: route('replayWebhookDelivery', {
    spec: 'tranche',
    summary: 'Send a delivery again (same webhook-id, new timestamp and signature)',
    params: webhookReplayParamsSchema,
    response: webhookReplayResponseSchema,
  }),
} satisfies GroupRoutes<'webhooks'>;
