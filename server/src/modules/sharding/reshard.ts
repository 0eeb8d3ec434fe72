import {
  type cancelReshardRequestSchema,
  shardingMessages as m,
  type ShardedKeyResult,
  type ShardedKeyStatus,
  type ShardPdf,
} from '@tranche/api';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { decryptSecret } from '../../crypto/aesGcm.ts';
import { HttpError } from '../../errors.ts';
import { crashPoint } from '../../jobs/crashPoints.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Database } from '../../db/database.ts';
import { pdfBinding, wipe } from './keyMaterial.ts';
import { queueShareMails, shareMailJobKind } from './mail.ts';
import {
  dropPendingGeneration,
  findKeyByAddress,
  findSigner,
  insertPendingGeneration,
  listSigners,
  type ShardedKeyRow,
} from './repository.ts';
import {
  issueShares,
  keyStatus,
  type Recipient,
  requireKey,
  requireSetUpRight,
  requireSigner,
  setUpGeneration,
  unlockShare,
} from './service.ts';

type Ctx = Pick<AppContext, 'db' | 'masterKey' | 'mailer' | 'passwordHashing' | 'publicUrl'>;

export { createShareMailHandler, shareMailJobKind } from './mail.ts';

/**
 * Stores a reshard (run by the dtx module with the rebuilt key, which the caller wipes): the new signers' shares,
 * sealed as at creation, with their locked PDFs, as the key's pending generation; their password mails queued in the
 * durable outbox; the reshard transaction finished, all in one database transaction. The current generation keeps
 * signing until the new one is activated. Answers the new PDFs (each signer can fetch theirs again until then).
 */
export async function storeReshard(
  ctx: Ctx,
  runner: JobRunner,
  key: ShardedKeyRow,
  privateKey: Uint8Array,
  change: {
    minimum: number;
    recipients: Recipient[];
    requestedBy: string;
    finish: (tx: Database) => Promise<void>;
  },
): Promise<ShardedKeyResult> {
  const generation = key.generation + 1;
  const issued = await issueShares(ctx, {
    privateKey,
    address: key.address,
    name: key.name,
    minimum: change.minimum,
    generation,
    recipients: change.recipients,
    createdBy: change.requestedBy,
  });
  const stored = await insertPendingGeneration(
    ctx.db,
    key,
    { threshold: change.minimum, total: change.recipients.length },
    issued.rows.map((row) => ({ ...row, keyId: key.id })),
    async (tx) => {
      await queueShareMails(ctx, runner, tx, {
        keyId: key.id,
        generation,
        mails: issued.mails,
        mode: 'enqueue',
      });
      await change.finish(tx);
    },
  );
  if (!stored) throw new HttpError(409, m.reshardAwaitingActivation);
  crashPoint('reshard:stored');
  return {
    publicAddress: key.address,
    name: key.name,
    minimum: change.minimum,
    total: change.recipients.length,
    shares: issued.pdfs,
  };
}

/** GET /sharding/{address}: the signers of the generation being set up (or the current one) and who opened. */
export async function getKeyStatus(ctx: Ctx, accountId: number, address: string): Promise<ShardedKeyStatus> {
  const key = await requireKey(ctx, address);
  await requireSetUpRight(ctx, key, accountId);
  return keyStatus(ctx, key);
}

/** GET /sharding/{address}/share: the caller's own locked PDF of the generation waiting for activation. */
export async function myShardPdf(ctx: Ctx, accountId: number, address: string): Promise<ShardPdf> {
  const key = await requireKey(ctx, address);
  const generation = setUpGeneration(key);
  if (generation === undefined) throw new HttpError(404, m.noPdfToFetch);
  const signer = (await listSigners(ctx.db, key.id, generation)).find((row) => row.accountId === accountId);
  if (!signer?.sealedPdf) throw new HttpError(404, m.noPdfToFetch);
  const pdf = decryptSecret(ctx.masterKey, signer.sealedPdf, pdfBinding(key.address, generation, accountId));
  return { profileName: signer.profileName, emailAddress: signer.emailAddress, pdf: pdf.toString('base64') };
}

/**
 * DELETE /sharding/reshard: a signer the reshard keeps (a current signer who is also one of the new generation's),
 * with their current access code, drops a reshard not activated yet. A signer the reshard removes cannot: M signers
 * approved their removal, and they alone could otherwise block it for ever.
 */
export async function cancelReshard(
  ctx: Ctx,
  accountId: number,
  request: z.output<typeof cancelReshardRequestSchema>,
): Promise<ShardedKeyStatus> {
  const key = await requireKey(ctx, request.accountAddress);
  const share = await requireSigner(ctx, key, accountId);
  if (key.pendingThreshold === null) throw new HttpError(409, m.noReshardPending);
  if (!(await findSigner(ctx.db, key.id, key.generation + 1, accountId)))
    throw new HttpError(403, m.cancelNotKept);
  wipe(await unlockShare(ctx, key, share, accountId, request.accessCode, async () => String(accountId)));
  if (!(await dropPendingGeneration(ctx.db, key, shareMailJobKind)))
    throw new HttpError(409, m.noReshardPending);
  return keyStatus(ctx, (await findKeyByAddress(ctx.db, key.address)) as ShardedKeyRow);
}
