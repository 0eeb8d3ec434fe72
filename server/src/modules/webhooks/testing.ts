import type { WebhookEventType } from '@tranche/api';
import type { AppContext } from '../../context.ts';
import { encryptSecret } from '../../crypto/aesGcm.ts';
import { secretBinding } from './deliver.ts';
import { webhookEndpoints } from './schema.ts';

/**
 * A webhook endpoint of `accountId` subscribed to `events`, written as POST /webhooks writes it, at a URL that
 * answers nothing: for tests of what is recorded for whom (an endpoint gets the events recorded after it exists).
 */
export async function insertTestEndpoint(
  ctx: Pick<AppContext, 'db' | 'masterKey'>,
  accountId: number,
  events: WebhookEventType[],
): Promise<number> {
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      accountId,
      url: 'http://127.0.0.1:9/hooks',
      events,
      sealedSecret: encryptSecret(ctx.masterKey, 'whsec_test', secretBinding(accountId)),
    })
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new Error('The endpoint was not recorded');
  return row.id;
}
