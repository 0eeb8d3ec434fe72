import {
  type declineShardedKeyRequestSchema,
  shardingMessages as m,
  type ShardedKeyStatus,
} from '@tranche/api';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { recordMail } from '../notifications/service.ts';
import { findKeyByAddress, findSigner, type ShardedKeyRow } from './repository.ts';
import { keyShares } from './schema.ts';
import { keyStatus, requireKey, setUpGeneration } from './service.ts';

type Ctx = Pick<AppContext, 'db' | 'publicUrl'>;

/**
 * POST /sharding/decline: a signer of a key (or reshard) not activated yet, named without being asked, declines. Their
 * share and PDF are erased and the generation cannot be activated (commitKey answers who declined); the key's
 * creator is told by a durable mail recorded in the same database transaction. Declining twice changes nothing.
 */
export async function declineKey(
  ctx: Ctx,
  runner: JobRunner,
  viewer: { accountId: number; profileName: string },
  request: z.output<typeof declineShardedKeyRequestSchema>,
): Promise<ShardedKeyStatus> {
  const key = await requireKey(ctx, request.publicKey);
  const generation = setUpGeneration(key);
  if (generation === undefined) throw new HttpError(409, m.keyActiveAlready);
  const signer = await findSigner(ctx.db, key.id, generation, viewer.accountId);
  if (!signer) throw new HttpError(403, m.notSigner);
  await ctx.db.transaction(async (tx) => {
    const [erased] = await tx
      .update(keyShares)
      .set({ sealedShare: null, sealedPdf: null, retiredOn: new Date() })
      .where(and(eq(keyShares.id, signer.id), isNull(keyShares.retiredOn)))
      .returning({ id: keyShares.id });
    if (!erased || key.createdBy === null) return;
    await recordMail(tx as unknown as Database, runner, {
      eventKey: `sharding.declined:${key.id}:${generation}:${viewer.accountId}`,
      kind: 'keyDeclined',
      accountId: key.createdBy,
      subject: m.declinedMailSubject,
      text: [
        m.signerDeclined(viewer.profileName),
        '',
        `Key: "${key.name}" (${key.address}). Set it up at ${ctx.publicUrl()}`,
      ].join('\n'),
    });
  });
  return keyStatus(ctx, (await findKeyByAddress(ctx.db, key.address)) as ShardedKeyRow);
}
