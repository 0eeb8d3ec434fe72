import { webhookEventNames, webhookEventTypes, webhookPayloadSchemas } from '@tranche/api';
import { z } from 'zod';

const headers = [
  ['webhook-id', 'The event id: the same for every attempt and replay of one event (deduplicate by it)'],
  ['webhook-timestamp', 'Unix seconds when this attempt was signed'],
  ['webhook-signature', 'v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" with the endpoint secret>'],
] as const;

/**
 * The OpenAPI 3.1 `webhooks` section: each event type Tranche POSTs to a subscribed endpoint, with its payload
 * schema from @tranche/api and the Standard Webhooks headers. Any 2xx answer is a delivery; anything else (or no
 * answer within 10 s) is retried with exponential backoff for 24 hours.
 */
export function webhookOperations(): Record<string, unknown> {
  return Object.fromEntries(
    webhookEventTypes.map((type) => {
      const { $schema: _ignored, ...schema } = z.toJSONSchema(webhookPayloadSchemas[type], {
        io: 'output',
      }) as Record<string, unknown>;
      return [
        type,
        {
          post: {
            operationId: `webhook:${type}`,
            summary: webhookEventNames[type],
            description: `Sent to endpoints subscribed to \`${type}\` whose account may see it, signed per the Standard Webhooks specification.`,
            tags: ['notifications'],
            // Not called with a session: the endpoint checks the signature headers instead.
            security: [],
            parameters: headers.map(([name, description]) => ({
              in: 'header',
              name,
              required: true,
              description,
              schema: { type: 'string' },
            })),
            requestBody: { required: true, content: { 'application/json': { schema } } },
            responses: {
              '200': { description: 'Delivered (any 2xx)' },
              '500': { description: 'Not delivered: sent again later (any answer other than 2xx)' },
            },
          },
        },
      ];
    }),
  );
}
