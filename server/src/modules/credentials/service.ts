import { keyMessages, type RegisterCredentialsRequest } from '@tranche/api';
import { Wallet } from 'ethers';
import { accessOf } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { decryptSecretText, encryptSecret } from '../../crypto/aesGcm.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { findCredentialByAddress, upsertCredential } from './repository.ts';

type Registration = { publicKey: string; privateKey: string };

export function associatedData(accountId: number, address: string): string {
  return `credential:${accountId}:${address.toLowerCase()}`;
}

/** The lower-cased address a 64-hex-digit private key (with or without 0x) controls, or undefined. */
function addressOfKey(privateKey: string): string | undefined {
  try {
    return new Wallet(privateKey.startsWith('0x') ? privateKey : `0x${privateKey}`).address.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Registers (or replaces) the key pair of an account. `registration` is the parsed request: lower-cased 0x
 * address and 64 hex digits. Refuses a key that does not control the address, and an address another account holds.
 */
export async function registerCredential(
  db: Database,
  masterKey: Buffer,
  accountId: number,
  registration: Registration | RegisterCredentialsRequest,
): Promise<void> {
  const address = registration.publicKey.toLowerCase();
  const privateKey = registration.privateKey.replace(/^0x/i, '').toLowerCase();
  if (addressOfKey(privateKey) !== address) throw new HttpError(400, keyMessages.keyMismatch);
  const encryptedKey = encryptSecret(masterKey, `0x${privateKey}`, associatedData(accountId, address));
  const stored = await upsertCredential(db, { accountId, address, encryptedKey });
  if (!stored) throw new HttpError(409, keyMessages.addressTaken);
}

/** Whether `accountId` registered the key of `address`. */
export async function hasCredential(db: Database, accountId: number, address: string): Promise<boolean> {
  const row = await findCredentialByAddress(db, address);
  return row?.accountId === accountId;
}

/**
 * The key that signs server-side (txMode 2) for `address` on behalf of `accountId`, for every route and job: the
 * access module decides (`signingKey`: the key the account registered, or on the embedded dev chain a public
 * development account nobody else registered, or the local demo account's shared one). Throws HttpError 403 otherwise.
 */
export async function signingKeyFor(
  ctx: Pick<AppContext, 'db' | 'masterKey' | 'chain'>,
  accountId: number,
  address: string,
): Promise<string> {
  return accessOf(ctx).signingKey({ accountId }, address, () => registeredKeyFor(ctx, accountId, address));
}

/**
 * The decrypted 0x private key `accountId` registered for `address` (the access module's answer for a key the
 * account registered). Throws HttpError 403 when this account did not register it.
 */
async function registeredKeyFor(
  ctx: Pick<AppContext, 'db' | 'masterKey'>,
  accountId: number,
  address: string,
): Promise<string> {
  const row = await findCredentialByAddress(ctx.db, address);
  if (!row || row.accountId !== accountId) throw new HttpError(403, keyMessages.notRegistered(address));
  return decryptSecretText(ctx.masterKey, row.encryptedKey, associatedData(accountId, row.address));
}

/**
 * The decrypted 0x private key of a registered address, whoever registered it, or undefined: for the chain service's
 * sweep, which replaces a server-signed transaction of that key left stuck under too low a fee (chain/reconcile.ts).
 * Never answered to a caller.
 */
export async function registeredKeyOf(
  ctx: Pick<AppContext, 'db' | 'masterKey'>,
  address: string,
): Promise<string | undefined> {
  const row = await findCredentialByAddress(ctx.db, address);
  if (!row) return undefined;
  return decryptSecretText(ctx.masterKey, row.encryptedKey, associatedData(row.accountId, row.address));
}
