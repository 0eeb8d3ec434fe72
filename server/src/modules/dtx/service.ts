import {
  type ApproveDtxResponse,
  type DtxDetail,
  type DtxListItem,
  type DtxPage,
  type DtxStatus,
  type DtxType,
  type dtxActionRequestSchema,
  dtxIssueDataSchema,
  dtxMessages as m,
  dtxPageSize,
  dtxRedeemDataSchema,
  dtxStatuses,
  dtxStatusNames,
  dtxTypeNames,
  dtxTypes,
  type PendingDtxResponse,
  type reshardRequestSchema,
  type startDtxRequestSchema,
  shardingMessages,
  tokenOperationMessages,
  txTypes,
} from '@tranche/api';
import { securityTokenArtifact } from '@tranche/contracts';
import { encodeBytes32String, Interface, isHexString, toUtf8Bytes } from 'ethers';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { findAccountById } from '../accounts/repository.ts';
import { requireDeployed } from '../projects/service.ts';
import {
  addressOf,
  approvalBinding,
  combineShares,
  openApprovalShare,
  privateKeyHex,
  sameDigest,
  sealApprovalShare,
  wipe,
} from '../sharding/keyMaterial.ts';
import { findSigner, replaceShares, type ShardedKeyRow } from '../sharding/repository.ts';
import { shardedKeyStatus } from '../sharding/schema.ts';
import {
  type Recipient,
  requireKey,
  requireSigner,
  reshareKey,
  resolveRecipients,
  unlockShare,
} from '../sharding/service.ts';
import { createTransactionsService, recordUserTransaction } from '../transactions/service.ts';
import {
  addApproval,
  countVisibleDtx,
  type DtxRow,
  findDtx,
  findDtxDetail,
  finishDtx,
  insertDtx,
  type ListedDtx,
  listApprovals,
  listVisibleDtx,
  pendingOfKey,
  setDtxHash,
} from './repository.ts';

const tokenInterface = new Interface(securityTokenArtifact.abi);

/** The txType of My transactions for each token operation of a sharded key. */
const userTxTypes: Record<number, number> = {
  [dtxTypes.pause]: txTypes.pauseTrading,
  [dtxTypes.resume]: txTypes.resumeTrading,
  [dtxTypes.redeem]: txTypes.tokenRedeem,
  [dtxTypes.issue]: txTypes.tokenIssue,
};

function partitionBytes(partition: string): string {
  if (isHexString(partition, 32)) return partition.toLowerCase();
  try {
    return encodeBytes32String(partition);
  } catch {
    throw new HttpError(400, tokenOperationMessages.unknownPartition);
  }
}

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? m.txDataInvalid;
}

/** The stored parameters and the call data of a token operation (validated). */
function tokenCall(
  txType: number,
  txData: Record<string, unknown>,
): { data: string; stored: Record<string, string> } {
  switch (txType) {
    case dtxTypes.pause:
      return { data: tokenInterface.encodeFunctionData('pause'), stored: {} };
    case dtxTypes.resume:
      return { data: tokenInterface.encodeFunctionData('unPause'), stored: {} };
    case dtxTypes.redeem: {
      const parsed = dtxRedeemDataSchema.safeParse(txData);
      if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
      const input = parsed.data;
      return {
        data: tokenInterface.encodeFunctionData('redeemByPartition', [
          partitionBytes(input.partition),
          BigInt(input.amount),
          toUtf8Bytes(input.additionalData),
        ]),
        stored: input,
      };
    }
    case dtxTypes.issue: {
      const parsed = dtxIssueDataSchema.safeParse(txData);
      if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
      const input = parsed.data;
      return {
        data: tokenInterface.encodeFunctionData('issueByPartition(bytes32,address,uint256,bytes)', [
          partitionBytes(input.partition),
          input.holderAddress,
          BigInt(input.amount),
          toUtf8Bytes(input.additionalData),
        ]),
        stored: input,
      };
    }
    default:
      throw new HttpError(400, m.txTypeInvalid);
  }
}

/** The lines of a chain error: ethers' short message, the revert reason and the node's message, deduplicated. */
export function chainErrorLines(error: unknown): string {
  const e = error as {
    shortMessage?: string;
    reason?: string | null;
    message?: string;
    info?: { error?: { message?: string } };
    error?: { message?: string };
  };
  const lines = [
    e.shortMessage,
    e.reason ? `reason: ${e.reason}` : undefined,
    e.info?.error?.message,
    e.error?.message,
  ]
    .filter((line): line is string => typeof line === 'string' && line.trim() !== '')
    .map((line) => line.trim());
  if (lines.length === 0) lines.push(e.message?.split('\n')[0] ?? String(error));
  return [...new Set(lines)].join('\n');
}

async function activeKeyOfSigner(ctx: AppContext, address: string, accountId: number) {
  const key = await requireKey(ctx, address);
  const share = await requireSigner(ctx, key, accountId);
  if (key.status !== shardedKeyStatus.active) throw new HttpError(409, shardingMessages.keyNotActive);
  return { key, share };
}

async function profileNameOf(ctx: AppContext, accountId: number): Promise<string> {
  return (await findAccountById(ctx.db, accountId))?.profileName ?? String(accountId);
}

/** POST /dtx: the starter's approval counts; a call the chain would refuse is refused before anyone approves. */
export async function startDtx(
  ctx: AppContext,
  accountId: number,
  request: z.output<typeof startDtxRequestSchema>,
): Promise<{ id: number }> {
  const { key, share } = await activeKeyOfSigner(ctx, request.accountAddress, accountId);
  const project = await requireDeployed(ctx, request.symbol);
  const call = tokenCall(request.txType, request.txData);
  try {
    // A raw call: ethers' provider answers an identical request made within 250 ms from its cache.
    await ctx.chain.provider.send('eth_estimateGas', [
      { from: key.address, to: project.contractAddress, data: call.data },
    ]);
  } catch (error) {
    throw new HttpError(
      400,
      tokenOperationMessages.chainRejected(chainErrorLines(error).split('\n')[0] ?? ''),
    );
  }
  const opened = await unlockShare(ctx, key, share, accountId, request.accessCode, () =>
    profileNameOf(ctx, accountId),
  );
  try {
    const row = await insertDtx(
      ctx.db,
      {
        keyId: key.id,
        generation: key.generation,
        txType: request.txType,
        txData: call.stored,
        projectId: project.id,
        startedBy: accountId,
        requiredApprovers: key.threshold,
      },
      (dtxId) => ({
        accountId,
        shareId: share.id,
        sealedShare: sealApprovalShare(ctx.masterKey, opened, approvalBinding(dtxId, accountId)),
      }),
    );
    return { id: row.id };
  } finally {
    wipe(opened);
  }
}

/** PUT /sharding: a reshard request is a distributed transaction of type 5 (the requester's approval counts). */
export async function startReshard(
  ctx: AppContext,
  accountId: number,
  request: z.output<typeof reshardRequestSchema>,
): Promise<{ id: number }> {
  const { key, share } = await activeKeyOfSigner(ctx, request.accountAddress, accountId);
  const recipients = await resolveRecipients(ctx, request.recipients);
  const opened = await unlockShare(ctx, key, share, accountId, request.accessCode, () =>
    profileNameOf(ctx, accountId),
  );
  try {
    const row = await insertDtx(
      ctx.db,
      {
        keyId: key.id,
        generation: key.generation,
        txType: dtxTypes.reshard,
        txData: {
          minimum: String(request.minimum),
          total: String(recipients.length),
          recipients: recipients.map((recipient) => recipient.emailAddress).join(', '),
          recipientIds: recipients.map((recipient) => recipient.id),
        },
        projectId: null,
        startedBy: accountId,
        requiredApprovers: key.threshold,
      },
      (dtxId) => ({
        accountId,
        shareId: share.id,
        sealedShare: sealApprovalShare(ctx.masterKey, opened, approvalBinding(dtxId, accountId)),
      }),
    );
    return { id: row.id };
  } finally {
    wipe(opened);
  }
}

type ActionRequest = z.output<typeof dtxActionRequestSchema>;

/** The transaction, its key and the caller's share; refuses non-signers and transactions of another key. */
async function loadForAction(ctx: AppContext, accountId: number, request: ActionRequest) {
  const dtx = await findDtx(ctx.db, request.id);
  if (!dtx) throw new HttpError(404, m.notFound);
  const key = await requireKey(ctx, request.accountAddress);
  if (key.id !== dtx.keyId) throw new HttpError(400, m.accountMismatch);
  const share = await requireSigner(ctx, key, accountId, dtx.generation).catch((error: unknown) => {
    // A signer of a resharded (retired) generation is told the transaction is over, not that they never signed.
    if (dtx.status !== dtxStatuses.pending) throw new HttpError(409, m.finished);
    throw error;
  });
  return { dtx, key, share };
}

/** PUT /dtx: one approval per signer; the approval reaching the threshold runs the transaction. */
export async function approveDtx(
  ctx: AppContext,
  accountId: number,
  request: ActionRequest,
): Promise<ApproveDtxResponse> {
  const { dtx, key, share } = await loadForAction(ctx, accountId, request);
  if (dtx.status !== dtxStatuses.pending) throw new HttpError(409, m.finished);
  const approvals = await listApprovals(ctx.db, [dtx.id]);
  if (approvals.some((approval) => approval.accountId === accountId))
    throw new HttpError(409, m.alreadyApproved);
  const opened = await unlockShare(ctx, key, share, accountId, request.accessCode, () =>
    profileNameOf(ctx, accountId),
  );
  let outcome: Awaited<ReturnType<typeof addApproval>>;
  try {
    outcome = await addApproval(ctx.db, dtx.id, {
      accountId,
      shareId: share.id,
      sealedShare: sealApprovalShare(ctx.masterKey, opened, approvalBinding(dtx.id, accountId)),
    });
  } finally {
    wipe(opened);
  }
  if (outcome.outcome === 'finished') throw new HttpError(409, m.finished);
  if (outcome.outcome === 'twice') throw new HttpError(409, m.alreadyApproved);
  if (outcome.outcome === 'added') return answer(dtx.id, dtxStatuses.pending, null);
  return run(ctx, dtx, key, accountId, (outcome as { sealed: Map<number, string> }).sealed);
}

/** DELETE /dtx: a signer with their access code aborts a pending transaction. */
export async function abortDtx(
  ctx: AppContext,
  accountId: number,
  request: ActionRequest,
): Promise<{ id: number }> {
  const { dtx, key, share } = await loadForAction(ctx, accountId, request);
  if (dtx.status !== dtxStatuses.pending) throw new HttpError(409, m.finished);
  const opened = await unlockShare(ctx, key, share, accountId, request.accessCode, () =>
    profileNameOf(ctx, accountId),
  );
  wipe(opened);
  const aborted = await finishDtx(
    ctx.db,
    dtx.id,
    { status: dtxStatuses.aborted, errorMessage: m.abortedBy(await profileNameOf(ctx, accountId)) },
    true,
  );
  if (!aborted) throw new HttpError(409, m.finished);
  return { id: dtx.id };
}

function answer(
  id: number,
  status: DtxStatus,
  txHash: string | null,
  info?: ApproveDtxResponse['info'],
  errorMessage?: string,
): ApproveDtxResponse {
  return {
    id,
    txStatus: status,
    txStatusName: dtxStatusNames[status],
    txHash,
    ...(info ? { info } : {}),
    ...(errorMessage ? { errorMessage } : {}),
  };
}

/**
 * Rebuilds the key from the approvals' shares, checks it against the key's address, and runs the transaction:
 * a token call signed and sent through the chain service, or the reshard. The key and the shares are wiped
 * whatever happens, and the approvals' shares erased from the database.
 */
async function run(
  ctx: AppContext,
  dtx: DtxRow,
  key: ShardedKeyRow,
  approverId: number,
  sealed: Map<number, string>,
) {
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
    if (dtx.txType === dtxTypes.reshard) return await runReshard(ctx, dtx, key, privateKey, approverId);
    return await runTokenCall(
      ctx,
      dtx,
      key,
      privateKey,
      approvals.map((a) => a.accountId),
    );
  } catch (error) {
    if (error instanceof HttpError) {
      await finishDtx(ctx.db, dtx.id, { status: dtxStatuses.failed, errorMessage: error.message });
      throw error;
    }
    return fail(ctx, dtx, chainErrorLines(error));
  } finally {
    wipe(privateKey, ...shares);
  }
}

async function fail(ctx: AppContext, dtx: DtxRow, errorMessage: string) {
  await finishDtx(ctx.db, dtx.id, { status: dtxStatuses.failed, errorMessage });
  return answer(dtx.id, dtxStatuses.failed, null, undefined, errorMessage);
}

/** Polls the receipt of a sent transaction (ethers' wait can miss an automined block). */
async function receiptOf(ctx: AppContext, hash: string) {
  const interval = ctx.chain.local ? 100 : 2000;
  const deadline = Date.now() + (ctx.chain.local ? 60_000 : 30 * 60_000);
  for (;;) {
    const receipt = await ctx.chain.provider.getTransactionReceipt(hash);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`No receipt for ${hash} yet: the transaction is not mined`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

async function runTokenCall(
  ctx: AppContext,
  dtx: DtxRow,
  key: ShardedKeyRow,
  privateKey: Uint8Array,
  approverIds: number[],
) {
  const detail = await findDtxDetail(ctx.db, dtx.id);
  const contractAddress = detail?.contractAddress;
  if (!contractAddress)
    return fail(ctx, dtx, tokenOperationMessages.tokenNotFound(detail?.projectCode ?? ''));
  const call = tokenCall(dtx.txType, dtx.txData);
  let response: Awaited<ReturnType<AppContext['chain']['send']>>;
  try {
    response = await ctx.chain.send(privateKeyHex(privateKey), { to: contractAddress, data: call.data });
  } catch (error) {
    return fail(ctx, dtx, chainErrorLines(error));
  }
  const hash = response.hash;
  await setDtxHash(ctx.db, dtx.id, hash);
  for (const accountId of approverIds) {
    await recordUserTransaction(ctx, {
      accountId,
      hash,
      txType: userTxTypes[dtx.txType] ?? txTypes.pauseTrading,
      contractAddress,
      publicAddress: key.address,
    });
  }
  let blockNumber: number | null = null;
  try {
    const receipt = await receiptOf(ctx, hash);
    blockNumber = receipt.blockNumber;
    if (receipt.status !== 1) {
      // The reason of a mined revert: the same call replayed at that block.
      const reason = await ctx.chain.provider
        .call({ from: key.address, to: contractAddress, data: call.data, blockTag: receipt.blockNumber })
        .then(
          () => 'execution reverted',
          (error: unknown) => chainErrorLines(error),
        );
      throw Object.assign(new Error(reason), { shortMessage: `transaction ${hash} reverted`, reason: null });
    }
  } catch (error) {
    const errorMessage = chainErrorLines(error);
    await finishDtx(ctx.db, dtx.id, { status: dtxStatuses.failed, errorMessage, txHash: hash, blockNumber });
    return answer(dtx.id, dtxStatuses.failed, hash, undefined, errorMessage);
  }
  await finishDtx(ctx.db, dtx.id, { status: dtxStatuses.done, txHash: hash, blockNumber });
  // The receipt in each approver's history; the transaction is done whether or not this bookkeeping succeeds.
  const transactions = createTransactionsService(ctx);
  for (const accountId of approverIds)
    await transactions.recordReceipt(accountId, hash).catch(() => undefined);
  return answer(dtx.id, dtxStatuses.done, hash);
}

async function runReshard(
  ctx: AppContext,
  dtx: DtxRow,
  key: ShardedKeyRow,
  privateKey: Uint8Array,
  approverId: number,
) {
  const data = dtx.txData as { minimum: string; recipientIds: number[]; recipients: string };
  const emails = data.recipients.split(', ');
  const recipients: Recipient[] = await resolveRecipients(ctx, emails);
  const info = await reshareKey(
    ctx,
    key,
    privateKey,
    { minimum: Number(data.minimum), recipients, requestedBy: await profileNameOf(ctx, approverId) },
    async (rows) => {
      await replaceShares(ctx.db, key, { threshold: Number(data.minimum), total: recipients.length }, rows);
    },
  );
  for (const other of await pendingOfKey(ctx.db, key.id, dtx.id)) {
    await finishDtx(ctx.db, other, { status: dtxStatuses.aborted, errorMessage: m.keyResharded }, true);
  }
  await finishDtx(ctx.db, dtx.id, { status: dtxStatuses.done });
  return answer(dtx.id, dtxStatuses.done, null, info);
}

async function toListItems(ctx: AppContext, rows: ListedDtx[], accountId: number): Promise<DtxListItem[]> {
  const approvals = await listApprovals(
    ctx.db,
    rows.map((row) => row.dtx.id),
  );
  return rows.map((row) => {
    const mine = approvals.filter((approval) => approval.dtxId === row.dtx.id);
    return {
      txId: row.dtx.id,
      txType: row.dtx.txType,
      txTypeName: dtxTypeNames[row.dtx.txType as DtxType] ?? `Type ${row.dtx.txType}`,
      requiredApprovers: row.dtx.requiredApprovers,
      currentApprovers: mine.length,
      publicAddress: row.keyAddress,
      startedOn: row.dtx.startedOn.toISOString(),
      startedBy: row.startedByName ?? '',
      txStatus: row.dtx.status,
      txStatusName: dtxStatusNames[row.dtx.status as DtxStatus] ?? '',
      token:
        row.projectCode !== null
          ? {
              symbol: row.projectCode,
              name: row.projectName ?? '',
              contractAddress: row.contractAddress ?? '',
            }
          : null,
      signers: mine.map((approval) => ({
        signedBy: approval.profileName,
        signedOn: approval.signedOn.toISOString(),
      })),
      approvedByMe: mine.some((approval) => approval.accountId === accountId),
    };
  });
}

/** GET /dtx/pending: the pending transactions of the keys the caller signs. */
export async function pendingDtx(ctx: AppContext, accountId: number): Promise<PendingDtxResponse> {
  const rows = await listVisibleDtx(ctx.db, accountId, { pendingOnly: true, limit: 100, offset: 0 });
  return { transactions: (await toListItems(ctx, rows, accountId)).map((tx) => ({ tx })) };
}

/** GET /dtx/list/{page}. */
export async function listDtx(ctx: AppContext, accountId: number, page: number): Promise<DtxPage> {
  const totalRows = await countVisibleDtx(ctx.db, accountId);
  const rows = await listVisibleDtx(ctx.db, accountId, {
    pendingOnly: false,
    limit: dtxPageSize,
    offset: (page - 1) * dtxPageSize,
  });
  return {
    totalRows,
    totalPages: Math.max(1, Math.ceil(totalRows / dtxPageSize)),
    currentPage: page,
    pageSize: dtxPageSize,
    transactions: (await toListItems(ctx, rows, accountId)).map((tx) => ({ tx })),
  };
}

/** GET /dtx/{id}: for the signers of the transaction's key generation (anyone else reads 'does not exist'). */
export async function dtxDetail(ctx: AppContext, accountId: number, id: number): Promise<DtxDetail> {
  const row = await findDtxDetail(ctx.db, id);
  if (!row) throw new HttpError(404, m.notFound);
  const signer = await findSigner(ctx.db, row.dtx.keyId, row.dtx.generation, accountId);
  if (!signer && row.dtx.startedBy !== accountId) throw new HttpError(404, m.notFound);
  const [item] = await toListItems(ctx, [row], accountId);
  const listed = item as DtxListItem;
  const txData: Record<string, string> = {};
  for (const [name, value] of Object.entries(row.dtx.txData)) {
    if (name === 'recipientIds') continue;
    txData[name] = String(value);
  }
  return {
    tx: {
      txId: listed.txId,
      txType: listed.txType,
      txTypeName: listed.txTypeName,
      txStatus: listed.txStatus,
      txStatusName: listed.txStatusName,
      startedBy: listed.startedBy,
      startedOn: listed.startedOn,
      finishedOn: row.dtx.finishedOn?.toISOString() ?? null,
      publicAddress: row.keyAddress,
      approvalSchemeLegend: `${row.dtx.requiredApprovers} of ${row.total} signers must approve`,
      requiredApprovers: row.dtx.requiredApprovers,
      currentApprovers: listed.currentApprovers,
      txHash: row.dtx.txHash,
      blockNumber: row.dtx.blockNumber,
      txData,
      token:
        row.projectCode !== null
          ? {
              symbol: row.projectCode,
              name: row.projectName ?? '',
              statusName: row.projectStatus === 2 ? 'Deployed' : 'Draft',
              whitelistAddress: row.whitelistAddress ?? '',
              whitelistName: row.whitelistName ?? '',
              contractAddress: row.contractAddress ?? '',
              schemeAddress: row.schemeAddress ?? '',
              schemeName: row.schemeName ?? '',
            }
          : null,
    },
    signers: listed.signers,
    error: { errorMessage: row.dtx.errorMessage ?? '' },
  };
}
