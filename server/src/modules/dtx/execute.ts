import {
  type ApproveDtxResponse,
  type DtxStatus,
  dtxMessages as m,
  dtxStatuses,
  dtxTypes,
  txTypes,
} from '@tranche/api';
import { chainErrorMessage } from '@tranche/api/chainErrors';
import { getAddress, type TransactionReceipt } from 'ethers';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { crashPoint } from '../../jobs/crashPoints.ts';
import {
  awaitRecorded,
  InsufficientFundsError,
  liveRow,
  RevertError,
  signAndRecord,
} from '../../jobs/durableTransaction.ts';
import type { JobRow, JobRunner } from '../../jobs/runner.ts';
import {
  addressOf,
  approvalBinding,
  combineShares,
  openApprovalShare,
  privateKeyHex,
  sameDigest,
  wipe,
} from '../sharding/keyMaterial.ts';
import type { ShardedKeyRow } from '../sharding/repository.ts';
import { storeReshard } from '../sharding/reshard.ts';
import { resolveRecipients } from '../sharding/service.ts';
import { createTransactionsService, recordUserTransaction } from '../transactions/service.ts';
import { answer } from './answer.ts';
import { type DtxRow, findDtx, findDtxDetail, finishDtx, listApprovals } from './repository.ts';
import { profileNameOf } from './start.ts';
import { chainErrorLines, tokenCall, userTxTypes } from './tokenCall.ts';

/** The job transaction step of a distributed transaction (one per job). */
const sendStep = 'send';

async function fail(ctx: AppContext, dtx: DtxRow, errorMessage: string, extra: object = {}) {
  await finishDtx(ctx.db, dtx.id, { status: dtxStatuses.failed, errorMessage, ...extra });
  return answer(dtx.id, dtxStatuses.failed, null, undefined, errorMessage);
}

/**
 * Runs an approved transaction (its job adopted in the approval's database transaction, the shares already out of
 * the database): rebuilds the key from the approvals' shares and checks it against the key's address, then either
 * records and broadcasts the signed token call and settles it from the chain, or stores the reshard's new
 * generation. The key and the shares are wiped whatever happens.
 */
export async function executeApproved(
  ctx: AppContext,
  runner: JobRunner,
  input: { dtx: DtxRow; key: ShardedKeyRow; approverId: number; sealed: Map<number, string>; job: JobRow },
): Promise<ApproveDtxResponse> {
  const { dtx, key, sealed, job } = input;
  const reshard = dtx.txType === dtxTypes.reshard;
  crashPoint(reshard ? 'reshard:approved' : 'dtx:approved');
  return runner.runAdopted(job, async (tools) => {
    const approvals = await listApprovals(ctx.db, [dtx.id]);
    let shares: (Uint8Array | undefined)[] = [];
    let privateKey: Uint8Array | undefined;
    try {
      shares = approvals.map((approval) => {
        const share = sealed.get(approval.accountId);
        return share === undefined
          ? undefined
          : openApprovalShare(ctx.masterKey, share, approvalBinding(dtx.id, approval.accountId));
      });
      const bad = approvals.find((approval, index) => {
        const share = shares[index];
        return !share || !sameDigest(share, approval.shareDigest);
      });
      if (bad) return fail(ctx, dtx, m.shareInvalid(bad.profileName));
      privateKey = await combineShares(shares as Uint8Array[]);
      if (!privateKey || addressOf(privateKey) !== key.address) {
        return fail(ctx, dtx, m.rebuildFailed(key.address, approvals.map((a) => a.profileName).join(', ')));
      }
      if (reshard) return await executeReshard(ctx, runner, input, privateKey);
      const sent = await recordTokenCall(ctx, dtx, job, privateKey);
      wipe(privateKey);
      if (sent) return sent;
      return await settleDtx(ctx, dtx.id, job.id, tools.signal);
    } catch (error) {
      if (error instanceof HttpError) {
        await finishDtx(ctx.db, dtx.id, { status: dtxStatuses.failed, errorMessage: error.message });
        throw error;
      }
      if (tools.signal.aborted) throw error;
      // Left running: the job's handler settles it from what was recorded.
      throw error;
    } finally {
      wipe(privateKey, ...shares);
    }
  });
}

/** Signs and records the token call, then broadcasts it; answers a failure when nothing could be recorded. */
async function recordTokenCall(
  ctx: AppContext,
  dtx: DtxRow,
  job: JobRow,
  privateKey: Uint8Array,
): Promise<ApproveDtxResponse | undefined> {
  const detail = await findDtxDetail(ctx.db, dtx.id);
  const contractAddress = detail?.contractAddress;
  if (!contractAddress) return fail(ctx, dtx, m.txDataInvalid);
  const call = tokenCall(dtx.txType, dtx.txData);
  try {
    await signAndRecord({
      db: ctx.db,
      provider: ctx.chain.provider,
      jobId: job.id,
      stepKey: sendStep,
      privateKey: privateKeyHex(privateKey),
      transaction: { to: contractAddress, data: call.data },
      crashFlow: 'dtx',
    });
  } catch (error) {
    if (await liveRow(ctx.db, job.id, sendStep)) return undefined;
    // The key cannot pay the gas: nothing was sent; every signer reads why and what to do (issue 34).
    if (error instanceof InsufficientFundsError)
      return fail(ctx, dtx, chainErrorMessage(error, { account: getAddress(error.address) }));
    return fail(ctx, dtx, chainErrorLines(error instanceof RevertError ? (error.cause ?? error) : error));
  }
  return undefined;
}

/**
 * Settles an executing token call from its recorded transaction: the reconciler's rule (after a crash, at start and
 * every few seconds through the job runner) and the end of a normal run alike. No recorded transaction: it never
 * reached the chain (failed, start it again). A receipt: done, or failed with the chain's lines. A nonce used by
 * another transaction: failed. Nothing is ever signed again here (the key is gone).
 */
export async function settleDtx(
  ctx: AppContext,
  dtxId: number,
  jobId: number,
  signal?: AbortSignal,
): Promise<ApproveDtxResponse> {
  const dtx = await findDtx(ctx.db, dtxId);
  if (!dtx) throw new Error(`distributed transaction ${dtxId} is gone`);
  if (dtx.status !== dtxStatuses.executing) {
    return answer(dtx.id, dtx.status as DtxStatus, dtx.txHash, undefined, dtx.errorMessage ?? undefined);
  }
  if (dtx.txType === dtxTypes.reshard) return fail(ctx, dtx, m.interrupted);
  const row = await liveRow(ctx.db, jobId, sendStep);
  if (!row) return fail(ctx, dtx, m.interrupted);
  const detail = await findDtxDetail(ctx.db, dtx.id);
  const contractAddress = detail?.contractAddress ?? null;
  const approvals = await listApprovals(ctx.db, [dtx.id]);
  const outcome = await awaitRecorded(
    { db: ctx.db, provider: ctx.chain.provider, signal, pollMs: ctx.chain.local ? 100 : 2000 },
    row,
  );
  // A transaction that never reached a block is no one's history (issue 34): it is recorded in each approver's
  // My transactions only once the chain has it (mined, or mined and reverted).
  if (outcome === 'dropped') return fail(ctx, dtx, m.neverMined);
  for (const approval of approvals) {
    await recordUserTransaction(ctx, {
      accountId: approval.accountId,
      hash: outcome.receipt.hash,
      txType: userTxTypes[dtx.txType] ?? txTypes.pauseTrading,
      contractAddress,
      publicAddress: row.fromAddress,
    });
  }
  crashPoint('dtx:settled');
  const { receipt } = outcome;
  if (receipt.status !== 1) {
    const errorMessage = await revertLines(ctx, dtx, row.fromAddress, contractAddress, receipt);
    await fail(ctx, dtx, errorMessage, { txHash: receipt.hash, blockNumber: receipt.blockNumber });
    return answer(dtx.id, dtxStatuses.failed, receipt.hash, undefined, errorMessage);
  }
  await finishDtx(ctx.db, dtx.id, {
    status: dtxStatuses.done,
    txHash: receipt.hash,
    blockNumber: receipt.blockNumber,
  });
  // The receipt in each approver's history; the transaction is done whether or not this bookkeeping succeeds.
  const transactions = createTransactionsService(ctx);
  for (const approval of approvals)
    await transactions.recordReceipt(approval.accountId, receipt.hash).catch(() => undefined);
  return answer(dtx.id, dtxStatuses.done, receipt.hash);
}

/** The chain's lines for a mined revert: the same call replayed at that block. */
async function revertLines(
  ctx: AppContext,
  dtx: DtxRow,
  from: string,
  to: string | null,
  receipt: TransactionReceipt,
): Promise<string> {
  const reason = await ctx.chain.provider
    .call({ from, to, data: tokenCall(dtx.txType, dtx.txData).data, blockTag: receipt.blockNumber })
    .then(
      () => 'execution reverted',
      (error: unknown) => chainErrorLines(error),
    );
  return chainErrorLines(
    Object.assign(new Error(reason), { shortMessage: `transaction ${receipt.hash} reverted`, reason: null }),
  );
}

/** The reshard: the new generation stored beside the current one (which keeps signing) until it is activated. */
async function executeReshard(
  ctx: AppContext,
  runner: JobRunner,
  input: { dtx: DtxRow; key: ShardedKeyRow; approverId: number },
  privateKey: Uint8Array,
): Promise<ApproveDtxResponse> {
  const { dtx, key } = input;
  const data = dtx.txData as { minimum: string; recipients: string };
  const recipients = await resolveRecipients(ctx, data.recipients.split(', '));
  const info = await storeReshard(ctx, runner, key, privateKey, {
    minimum: Number(data.minimum),
    recipients,
    requestedBy: await profileNameOf(ctx, input.approverId),
    finish: (tx) => finishDtx(tx, dtx.id, { status: dtxStatuses.done }).then(() => undefined),
  });
  return answer(dtx.id, dtxStatuses.done, null, info);
}
