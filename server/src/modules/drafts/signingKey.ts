import { devAccountKeys } from '@tranche/contracts';
import { Wallet } from 'ethers';
import type { AppContext } from '../../context.ts';
import { signingKeyFor } from '../credentials/service.ts';

const devKeys = new Map(devAccountKeys.map((key) => [new Wallet(key).address.toLowerCase(), key as string]));

/**
 * The key that signs server-side (txMode 2) for `address` on behalf of `accountId`: the key the account registered
 * (credentials module), or, on the embedded dev chain only, one of its public development accounts (the console's
 * "Local development account" wallet). Throws HttpError 403 otherwise.
 */
export async function resolveSigningKey(
  ctx: Pick<AppContext, 'db' | 'masterKey' | 'chain'>,
  accountId: number,
  address: string,
): Promise<string> {
  const dev = ctx.chain.local ? devKeys.get(address.toLowerCase()) : undefined;
  if (dev) return dev;
  return signingKeyFor(ctx, accountId, address);
}
