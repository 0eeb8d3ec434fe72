import type { AppContext } from '../../context.ts';
import { accessOf } from '../../access/access.ts';
import { signingKeyFor } from '../credentials/service.ts';

/**
 * The key that signs server-side (txMode 2) for `address` on behalf of `accountId`: the key the account registered
 * (credentials module), or, on the embedded dev chain only, one of its public development accounts (the console's
 * "Local development account" wallet) that no other account registered. Throws HttpError 403 otherwise.
 */
export async function resolveSigningKey(
  ctx: Pick<AppContext, 'db' | 'masterKey' | 'chain'>,
  accountId: number,
  address: string,
): Promise<string> {
  return accessOf(ctx).signingKey({ accountId }, address, () => signingKeyFor(ctx, accountId, address));
}
