import {
  type ApprovalItem,
  type ApprovalsResponse,
  approvalsFinishedLimit,
  type DtxType,
  dtxMessages,
  dtxStatuses,
  dtxTypeNames,
  dtxTypes,
  type KeyReadiness,
} from '@tranche/api';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { bytes32Name } from '../../indexer/decode.ts';
import { expireDue, type ListedDtx, listApprovals, listUnapproved, listVisibleDtx } from '../dtx/index.ts';
import { partitionBytes, tokenCall } from '../dtx/index.ts';
import { describeEffect } from './effect.ts';
import { simulateOperation, whatIfTypes } from '../rules/service.ts';
import { precheckAll, precheckOf } from './precheck.ts';
import { outcomeOf, readinessAll } from './readiness.ts';
import { holderBalances, legalNames, projectsById, tokenFigures } from './repository.ts';

/** At most this many pending operations are listed (one per key: a signer of more keys than this sees the newest). */
const inboxLimit = 1000;

function hexOfPartition(partition: unknown): string {
  try {
    return partitionBytes(String(partition ?? ''));
  } catch {
    return '';
  }
}

/** The address whose balances the operation changes: the recipient of an issue, the key for a redeem. */
function partyOf(row: ListedDtx): string | null {
  if (row.dtx.txType === dtxTypes.issue) return String(row.dtx.txData.holderAddress ?? '').toLowerCase();
  if (row.dtx.txType === dtxTypes.redeem) return row.keyAddress;
  if (row.dtx.txType === dtxTypes.freezeAddress || row.dtx.txType === dtxTypes.freezePartial)
    return String(row.dtx.txData.holderAddress ?? '').toLowerCase();
  if (row.dtx.txType === dtxTypes.recoverWallet)
    return String(row.dtx.txData.lostAddress ?? '').toLowerCase();
  return null;
}

/** The raw call of an operation the compliance pre-check does not cover (pause, resume), or null (reshard). */
function callOf(row: ListedDtx): { from: string; to: string; data: string } | null {
  if (row.dtx.txType === dtxTypes.reshard || !row.contractAddress) return null;
  try {
    return {
      from: row.keyAddress,
      to: row.contractAddress,
      data: tokenCall(row.dtx.txType, row.dtx.txData).data,
    };
  } catch {
    return null;
  }
}

/**
 * GET /approvals: every pending operation of the keys the viewer signs, with its decoded effect, its pre-check,
 * who approved and who has not, the initiator's comment, the key's readiness and the time left; then the latest
 * executed and failed ones with their outcome. A fixed number of queries whatever the number of operations (the
 * bench bench/approvals.bench.ts measures 200 across 20 keys); the chain reads go out together.
 */
export async function listInbox(ctx: AppContext, viewer: Viewer): Promise<ApprovalsResponse> {
  await expireDue(ctx.db, dtxMessages.expired);
  const [pendingRows, finishedRows] = await Promise.all([
    listVisibleDtx(ctx.db, viewer.accountId, { pendingOnly: true, limit: inboxLimit, offset: 0 }),
    listVisibleDtx(ctx.db, viewer.accountId, {
      pendingOnly: false,
      statuses: [dtxStatuses.done, dtxStatuses.failed],
      limit: approvalsFinishedLimit,
      offset: 0,
    }),
  ]);
  const rows = [...pendingRows, ...finishedRows];
  const pendingCount = pendingRows.length;
  const projectIds = [
    ...new Set(rows.flatMap((row) => (row.dtx.projectId === null ? [] : [row.dtx.projectId]))),
  ];
  const parties = [...new Set(rows.flatMap((row) => partyOf(row) ?? []))];
  const ids = rows.map((row) => row.dtx.id);
  const [approvals, tokens, unapproved] = await Promise.all([
    listApprovals(ctx.db, ids),
    projectsById(ctx.db, projectIds),
    listUnapproved(
      ctx.db,
      pendingRows.map((row) => row.dtx.id),
    ),
  ]);
  const tokenList = [...tokens.values()];
  const contracts = tokenList.flatMap((token) => token.contractAddress ?? []);
  const whitelistList = tokenList.flatMap((token) => token.whitelistAddress ?? []);
  const namesRead = legalNames(ctx.db, whitelistList, parties);
  const tokenOf = (row: ListedDtx) =>
    row.dtx.projectId === null ? undefined : tokens.get(row.dtx.projectId);
  // Only pending operations are pre-checked: a finished one has its outcome instead.
  const checks = pendingRows.map((row) =>
    precheckOf(row.dtx.txType, row.dtx.txData, row.keyAddress, tokenOf(row)?.projectCode, () => callOf(row)),
  );
  const [figures, balances, names, mayName, prechecks, readiness] = await Promise.all([
    tokenFigures(ctx.db, contracts),
    holderBalances(ctx.db, contracts, parties),
    namesRead,
    // Only when a record names one of the parties, or a what-if may name holders, is the access rule asked (it
    // reads the chain).
    namesRead.then((found) =>
      found.size > 0 || pendingRows.some((row) => row.dtx.txType === dtxTypes.replaceWhitelist)
        ? accessOf(ctx).investorDataOf(viewer, tokenList)
        : new Set<number>(),
    ),
    precheckAll(ctx, checks),
    readinessAll(
      ctx,
      rows.map((row) => ({
        txType: row.dtx.txType,
        keyAddress: row.keyAddress,
        contractAddress: tokenOf(row)?.contractAddress ?? null,
        schemeAddress: tokenOf(row)?.securitySchemeAddress ?? null,
        call: callOf(row),
      })),
    ),
  ]);
  const now = Date.now();
  // Issue 39: what a pending whitelist replacement, freeze or recovery would change, from the indexer's tables; a KYC
  // record's expiry is judged by the chain's clock, as the whitelist judges it.
  const chainSeconds = pendingRows.some((row) => whatIfTypes.includes(row.dtx.txType))
    ? await ctx.chain.now()
    : Math.floor(now / 1000);
  const whatIfs = await Promise.all(
    pendingRows.map((row) => {
      const token = tokenOf(row);
      if (!token?.contractAddress || !whatIfTypes.includes(row.dtx.txType)) return undefined;
      return simulateOperation(ctx.db, {
        contractAddress: token.contractAddress,
        whitelistAddress: token.whitelistAddress,
        projectId: token.id,
        dtxId: row.dtx.id,
        txType: row.dtx.txType,
        txData: row.dtx.txData,
        names: mayName.has(token.id),
        now: chainSeconds,
      });
    }),
  );
  const items = rows.map((row, index): ApprovalItem => {
    const token = tokenOf(row);
    const contract = token?.contractAddress ?? '';
    const party = partyOf(row);
    const mine = approvals.filter((approval) => approval.dtxId === row.dtx.id);
    const partitionHex = hexOfPartition(row.dtx.txData.partition);
    const legalName =
      token && party && mayName.has(token.id)
        ? (names.get(`${token.whitelistAddress} ${party}`) ?? null)
        : null;
    const figure = figures.get(contract) ?? { supply: 0n, holders: 0 };
    const pending = index < pendingCount;
    const expiresOn = pending ? row.dtx.expiresOn : null;
    return {
      txId: row.dtx.id,
      txType: row.dtx.txType,
      txTypeName: dtxTypeNames[row.dtx.txType as DtxType] ?? `Type ${row.dtx.txType}`,
      key: { address: row.keyAddress, name: row.keyName },
      token: token ? { symbol: token.projectCode, name: token.projectName, contractAddress: contract } : null,
      effect: describeEffect({
        txType: row.dtx.txType,
        txData: row.dtx.txData,
        symbol: token?.projectCode ?? null,
        keyName: row.keyName,
        keyAddress: row.keyAddress,
        partitionName: partitionHex ? bytes32Name(partitionHex) : String(row.dtx.txData.partition ?? ''),
        partitionHex,
        supply: figure.supply,
        holders: figure.holders,
        partyBalances: (party && balances.get(`${contract} ${party}`)) || new Map(),
        legalName,
      }),
      precheck: (pending ? prechecks[index] : undefined) ?? { ok: true, reason: '' },
      startedBy: row.startedByName ?? '',
      startedOn: row.dtx.startedOn.toISOString(),
      requiredApprovers: row.dtx.requiredApprovers,
      approvals: mine.map((approval) => ({
        signedBy: approval.profileName,
        signedOn: approval.signedOn.toISOString(),
      })),
      approvedByMe: mine.some((approval) => approval.accountId === viewer.accountId),
      notApproved: unapproved.get(row.dtx.id) ?? [],
      comment: row.dtx.comment ?? null,
      readiness: readiness[index] as KeyReadiness,
      outcome: outcomeOf(row.dtx),
      expiresOn: expiresOn?.toISOString() ?? null,
      secondsLeft: expiresOn ? Math.max(0, Math.floor((expiresOn.getTime() - now) / 1000)) : null,
      ...(pending && whatIfs[index] ? { whatIf: whatIfs[index] } : {}),
    };
  });
  const pendingItems = items.slice(0, pendingCount);
  return {
    needsYou: pendingItems.filter((item) => !item.approvedByMe),
    waiting: pendingItems.filter((item) => item.approvedByMe),
    finished: items.slice(pendingCount),
  };
}
