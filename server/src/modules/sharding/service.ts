import {
  type commitShardedKeyRequestSchema,
  dtxMessages,
  shardingMessages as m,
  type ShardedAddress,
  type ShardedKeyStatus,
  type shardOpenedRequestSchema,
} from '@tranche/api';
import argon2 from 'argon2';
import { hashingGate } from '../../crypto/hashing.ts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { deriveShareKey, openShare, sameDigest, shareBinding, wipe } from './keyMaterial.ts';
import { crashPoint } from '../../jobs/crashPoints.ts';
import {
  activateGeneration,
  clearFailures,
  countFailure,
  findAttempts,
  findKeyByAddress,
  findSigner,
  type KeyShareRow,
  listKeysOfSigner,
  listSigners,
  markOpened,
  type ShardedKeyRow,
} from './repository.ts';
import { shardedKeyStatus } from './schema.ts';

type Ctx = Pick<AppContext, 'db' | 'masterKey' | 'mailer' | 'passwordHashing' | 'publicUrl'>;

/** Wrong access codes (or PDF passwords) in a row before an account is locked out of a key, and for how long. */
export const accessCodeLock = { failures: 5, minutes: 15 } as const;

export { createShardedKey, issueShares, type Recipient, resolveRecipients } from './create.ts';

export async function requireKey(ctx: Pick<AppContext, 'db'>, address: string): Promise<ShardedKeyRow> {
  const key = await findKeyByAddress(ctx.db, address);
  if (!key) throw new HttpError(404, m.keyNotFound);
  return key;
}

/** The caller's share of the key's current generation, or 403. */
export async function requireSigner(
  ctx: Pick<AppContext, 'db'>,
  key: ShardedKeyRow,
  accountId: number,
  generation = key.generation,
): Promise<KeyShareRow> {
  const share = await findSigner(ctx.db, key.id, generation, accountId);
  if (!share || share.sealedShare === null) throw new HttpError(403, m.notSigner);
  return share;
}

async function refuseWhileLocked(ctx: Pick<AppContext, 'db'>, accountId: number, keyId: number) {
  const attempts = await findAttempts(ctx.db, accountId, keyId);
  if (attempts?.lockedUntil && attempts.lockedUntil.getTime() > Date.now())
    throw new HttpError(429, m.accessCodeLocked);
}

async function countWrong(
  ctx: Pick<AppContext, 'db'>,
  accountId: number,
  keyId: number,
  message: string,
): Promise<never> {
  const failures = await countFailure(
    ctx.db,
    accountId,
    keyId,
    accessCodeLock.failures,
    new Date(Date.now() + accessCodeLock.minutes * 60_000),
  );
  if (failures >= accessCodeLock.failures) throw new HttpError(429, m.accessCodeLocked);
  throw new HttpError(403, message);
}

/**
 * Opens the caller's share with their access code. A wrong code is refused with one message whatever went
 * wrong and counted (locked out after 5 in a row for 15 minutes). The caller wipes the answered share.
 */
export async function unlockShare(
  ctx: Pick<AppContext, 'db' | 'masterKey'>,
  key: ShardedKeyRow,
  share: KeyShareRow,
  accountId: number,
  accessCode: string,
  name: () => Promise<string>,
): Promise<Uint8Array> {
  await refuseWhileLocked(ctx, accountId, key.id);
  if (share.sealedShare === null) throw new HttpError(403, m.notSigner);
  const codeKey = await hashingGate(ctx).run(() => deriveShareKey(accessCode, share.kdfSalt));
  let opened: Uint8Array | undefined;
  try {
    opened = openShare(
      ctx.masterKey,
      codeKey,
      share.sealedShare,
      shareBinding(key.address, share.generation, share.accountId),
    );
  } finally {
    wipe(codeKey);
  }
  if (!opened) return countWrong(ctx, accountId, key.id, m.accessCodeWrong);
  if (!sameDigest(opened, share.shareDigest)) {
    wipe(opened);
    throw new HttpError(409, dtxMessages.shareInvalid(await name()));
  }
  await clearFailures(ctx.db, accountId, key.id);
  return opened;
}

/** The generation being set up: the reshard waiting for activation, else a key not activated yet (or none). */
export function setUpGeneration(key: ShardedKeyRow): number | undefined {
  if (key.pendingThreshold !== null) return key.generation + 1;
  return key.status === shardedKeyStatus.active ? undefined : key.generation;
}

export async function keyStatus(ctx: Pick<AppContext, 'db'>, key: ShardedKeyRow): Promise<ShardedKeyStatus> {
  const reshardPending = key.pendingThreshold !== null;
  const signers = await listSigners(ctx.db, key.id, setUpGeneration(key) ?? key.generation);
  return {
    publicAddress: key.address,
    name: key.name,
    active: key.status === shardedKeyStatus.active && !reshardPending,
    reshardPending,
    minimum: key.pendingThreshold ?? key.threshold,
    total: key.pendingTotal ?? key.total,
    signers: signers.map((signer) => ({
      profileName: signer.profileName,
      emailAddress: signer.emailAddress,
      opened: signer.openedOn !== null,
      declined: signer.retiredOn !== null,
    })),
  };
}

/**
 * The creator, a current signer, a signer of a reshard waiting for activation, or (after a reshard) a signer of the
 * previous generation may set a key up.
 */
export async function requireSetUpRight(ctx: Pick<AppContext, 'db'>, key: ShardedKeyRow, accountId: number) {
  if (key.createdBy === accountId) return;
  if (await findSigner(ctx.db, key.id, key.generation, accountId)) return;
  if (key.pendingThreshold !== null && (await findSigner(ctx.db, key.id, key.generation + 1, accountId)))
    return;
  if (key.generation > 1 && (await findSigner(ctx.db, key.id, key.generation - 1, accountId))) return;
  throw new HttpError(403, m.notAllowedToCommit);
}

/** POST /sharding/opened: a signer opened their PDF; the mailed password they typed proves it. */
export async function recordOpened(
  ctx: Ctx,
  accountId: number,
  request: z.output<typeof shardOpenedRequestSchema>,
): Promise<ShardedKeyStatus> {
  const key = await requireKey(ctx, request.publicKey);
  await requireSetUpRight(ctx, key, accountId);
  await refuseWhileLocked(ctx, accountId, key.id);
  const signers = await listSigners(ctx.db, key.id, setUpGeneration(key) ?? key.generation);
  const signer = signers.find((row) => row.emailAddress.toLowerCase() === request.emailAddress);
  if (!signer) throw new HttpError(400, m.pdfSignerUnknown);
  if (!(await hashingGate(ctx).run(() => argon2.verify(signer.pdfPasswordHash, request.pdfPassword)))) {
    return countWrong(ctx, accountId, key.id, m.pdfPasswordWrong);
  }
  await markOpened(ctx.db, signer.id);
  return keyStatus(ctx, (await findKeyByAddress(ctx.db, key.address)) as ShardedKeyRow);
}

/**
 * POST /sharding/commit: activates the generation being set up (a new key, or a reshard) once every signer of it
 * opened their PDF, with the access code of one of its signers (a wrong code is counted like any other). A reshard
 * switches generations in one database transaction that also erases the old generation's material.
 */
export async function commitKey(
  ctx: Ctx,
  accountId: number,
  request: z.output<typeof commitShardedKeyRequestSchema>,
): Promise<ShardedKeyStatus> {
  const key = await requireKey(ctx, request.publicKey);
  await requireSetUpRight(ctx, key, accountId);
  const generation = setUpGeneration(key);
  if (generation === undefined) throw new HttpError(409, m.keyActiveAlready);
  const signers = await listSigners(ctx.db, key.id, generation);
  const declined = signers.find((signer) => signer.retiredOn !== null);
  if (declined) throw new HttpError(409, m.signerDeclined(declined.profileName));
  const notOpened = signers.find((signer) => signer.openedOn === null);
  if (notOpened) throw new HttpError(409, m.notOpened(notOpened.profileName));
  await refuseWhileLocked(ctx, accountId, key.id);
  // All signers are present at activation: the code of any of them activates (the caller's own is tried first).
  const candidates = [...signers].sort(
    (a, b) => Number(b.accountId === accountId) - Number(a.accountId === accountId),
  );
  for (const candidate of candidates) {
    if (candidate.sealedShare === null) continue;
    const codeKey = await hashingGate(ctx).run(() => deriveShareKey(request.accessCode, candidate.kdfSalt));
    const opened = openShare(
      ctx.masterKey,
      codeKey,
      candidate.sealedShare,
      shareBinding(key.address, candidate.generation, candidate.accountId),
    );
    wipe(codeKey);
    if (opened) {
      const valid = sameDigest(opened, candidate.shareDigest);
      wipe(opened);
      if (!valid) break;
      await clearFailures(ctx.db, accountId, key.id);
      if (!(await activateGeneration(ctx.db, key, generation, dtxMessages.keyResharded)))
        throw new HttpError(409, m.noReshardPending);
      if (generation > 1) crashPoint('reshard:activated');
      return keyStatus(ctx, (await findKeyByAddress(ctx.db, key.address)) as ShardedKeyRow);
    }
  }
  return countWrong(ctx, accountId, key.id, m.accessCodeWrong);
}

/** GET /dtx/addresses. */
export async function listShardedAddresses(
  ctx: Pick<AppContext, 'db'>,
  accountId: number,
): Promise<ShardedAddress[]> {
  const keys = await listKeysOfSigner(ctx.db, accountId);
  return keys.map((key) => ({
    address: key.address,
    name: key.name,
    minimum: key.threshold,
    total: key.total,
  }));
}
