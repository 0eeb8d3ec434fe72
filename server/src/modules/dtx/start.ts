import {
  type DtxType,
  dtxMessages as m,
  dtxTypeNames,
  dtxTypes,
  type reshardRequestSchema,
  type startDtxRequestSchema,
  shardingMessages,
  tokenOperationMessages,
} from '@tranche/api';
import { chainErrorMessage } from '@tranche/api/chainErrors';
import { securityTokenArtifact } from '@tranche/contracts';
import { Contract } from 'ethers';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { findAccountById } from '../accounts/repository.ts';
import { requireDeployed } from '../projects/service.ts';
import { approvalBinding, sealApprovalShare, wipe } from '../sharding/keyMaterial.ts';
import type { KeyShareRow, ShardedKeyRow } from '../sharding/repository.ts';
import { shardedKeyStatus } from '../sharding/schema.ts';
import { requireKey, requireSigner, resolveRecipients, unlockShare } from '../sharding/service.ts';
import { type DtxRow, expireDue, insertDtx } from './repository.ts';
import { tokenCall } from './tokenCall.ts';
import { prepareTokenV2 } from '../tokens/index.ts';
import { dtxTtlMs } from './ttl.ts';
import { type RightOperation, readinessOf } from './readiness.ts';

/** The distributed transactions that need a right of the key (Access Level 2), by type. */
const rightOperations: Partial<Record<number, RightOperation>> = {
  [dtxTypes.issue]: 'issue',
  [dtxTypes.redeem]: 'redeem',
  [dtxTypes.pause]: 'pause',
  [dtxTypes.resume]: 'resume',
};

export async function profileNameOf(ctx: Pick<AppContext, 'db'>, accountId: number): Promise<string> {
  return (await findAccountById(ctx.db, accountId))?.profileName ?? String(accountId);
}

async function activeKeyOfSigner(ctx: AppContext, address: string, accountId: number) {
  const key = await requireKey(ctx, address);
  const share = await requireSigner(ctx, key, accountId);
  if (key.status !== shardedKeyStatus.active) throw new HttpError(409, shardingMessages.keyNotActive);
  return { key, share };
}

/**
 * Records a new pending transaction with its starter's approval (the starter's share sealed under the master key),
 * expiring DTX_TTL from now; refused with the pending transaction's name when the key has one already.
 */
async function insertStarted(
  ctx: AppContext,
  accountId: number,
  accessCode: string,
  found: { key: ShardedKeyRow; share: KeyShareRow },
  values: {
    txType: number;
    txData: Record<string, unknown>;
    projectId: number | null;
    comment?: string | null;
  },
): Promise<{ id: number }> {
  const { key, share } = found;
  await expireDue(ctx.db, m.expired, key.id);
  const opened = await unlockShare(ctx, key, share, accountId, accessCode, () =>
    profileNameOf(ctx, accountId),
  );
  let row: Awaited<ReturnType<typeof insertDtx>>;
  try {
    row = await insertDtx(
      ctx.db,
      {
        keyId: key.id,
        generation: key.generation,
        ...values,
        startedBy: accountId,
        requiredApprovers: key.threshold,
        expiresOn: new Date(Date.now() + dtxTtlMs()),
      },
      (dtxId) => ({
        accountId,
        shareId: share.id,
        sealedShare: sealApprovalShare(ctx.masterKey, opened, approvalBinding(dtxId, accountId)),
      }),
    );
  } finally {
    wipe(opened);
  }
  if ('pending' in row) {
    const pending: DtxRow = row.pending;
    throw new HttpError(
      409,
      m.pendingExists(
        pending.id,
        dtxTypeNames[pending.txType as DtxType] ?? `Type ${pending.txType}`,
        row.startedByName ?? '',
      ),
    );
  }
  return { id: row.id };
}

/** POST /dtx: the starter's approval counts; a call the chain would refuse is refused before anyone approves. */
export async function startDtx(
  ctx: AppContext,
  accountId: number,
  request: z.output<typeof startDtxRequestSchema>,
): Promise<{ id: number }> {
  const found = await activeKeyOfSigner(ctx, request.accountAddress, accountId);
  const project = await requireDeployed(ctx, request.symbol);
  const txData = await prepareTokenV2(ctx, accountId, project, found.key.address, request);
  const call = tokenCall(request.txType, txData);
  // A right the key lacks is said before anyone approves (issue 34), in its own words rather than the chain's.
  const operation = rightOperations[request.txType];
  if (operation) {
    const token = new Contract(project.contractAddress, securityTokenArtifact.abi, ctx.chain.provider);
    const missing = await readinessOf(project, token, operation, found.key.address);
    if (missing.length > 0) throw new HttpError(400, missing.join(' '));
  }
  try {
    // A raw call: ethers' provider answers an identical request made within 250 ms from its cache.
    await ctx.chain.provider.send('eth_estimateGas', [
      { from: found.key.address, to: project.contractAddress, data: call.data },
    ]);
  } catch (error) {
    throw new HttpError(400, tokenOperationMessages.chainRejected(chainErrorMessage(error)));
  }
  return insertStarted(ctx, accountId, request.accessCode, found, {
    txType: request.txType,
    txData: call.stored,
    projectId: project.id,
    comment: request.comment ?? null,
  });
}

/**
 * PUT /sharding: a reshard request is a distributed transaction of type 5 (the requester's approval counts).
 * Refused while an earlier reshard waits for activation.
 */
export async function startReshard(
  ctx: AppContext,
  accountId: number,
  request: z.output<typeof reshardRequestSchema>,
): Promise<{ id: number }> {
  const found = await activeKeyOfSigner(ctx, request.accountAddress, accountId);
  if (found.key.pendingThreshold !== null)
    throw new HttpError(409, shardingMessages.reshardAwaitingActivation);
  const recipients = await resolveRecipients(ctx, request.recipients);
  return insertStarted(ctx, accountId, request.accessCode, found, {
    txType: dtxTypes.reshard,
    txData: {
      minimum: String(request.minimum),
      total: String(recipients.length),
      recipients: recipients.map((recipient) => recipient.emailAddress).join(', '),
      recipientIds: recipients.map((recipient) => recipient.id),
    },
    projectId: null,
  });
}
