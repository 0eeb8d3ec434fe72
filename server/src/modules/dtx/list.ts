import {
  type DtxDetail,
  type DtxListItem,
  type DtxPage,
  type DtxStatus,
  type DtxType,
  dtxMessages as m,
  dtxPageSize,
  dtxStatuses,
  dtxStatusNames,
  dtxTypeNames,
  type PendingDtxResponse,
} from '@tranche/api';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { findSigner } from '../sharding/repository.ts';
import {
  countVisibleDtx,
  expireDue,
  findDtxDetail,
  type ListedDtx,
  listApprovals,
  listVisibleDtx,
} from './repository.ts';

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
      expiresOn:
        row.dtx.status === dtxStatuses.pending && row.dtx.expiresOn ? row.dtx.expiresOn.toISOString() : null,
    };
  });
}

/** GET /dtx/pending: the pending transactions of the keys the caller signs. */
export async function pendingDtx(ctx: AppContext, accountId: number): Promise<PendingDtxResponse> {
  await expireDue(ctx.db, m.expired);
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
