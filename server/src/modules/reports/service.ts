import {
  type CapTable,
  type Concentration,
  concentrationSteps,
  concentrationTopCount,
  type DistributionHistory,
  reportMessages as m,
  sharePercent,
  sharesPercent,
} from '@tranche/api';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { bytes32Name } from '../../indexer/decode.ts';
import { figuresAtBlock } from '../distributions/service.ts';
import { indexedUpTo } from '../holders/index.ts';
import type { ProjectRow } from '../projects/service.ts';
import { requireDeployed } from '../projects/service.ts';
import { balancesAtBlock, distributionsRecordedBy, type HolderAtBlock, whitelistAt } from './repository.ts';

type Token = ProjectRow & { contractAddress: string };

/** The block a report is at: the one asked for, or the latest the indexer has read for the token. */
type ReportBlock = { blockNumber: number; blockTime: string; headBlock: number };

/**
 * The token and the block of a report. The block must be on the chain (400) and indexed for the token (409: the
 * report is computed from the indexer's tables); without one, the latest the indexer has read.
 */
async function reportAt(
  ctx: AppContext,
  code: string,
  asked: number | undefined,
): Promise<{ token: Token } & ReportBlock> {
  const token = await requireDeployed(ctx, code);
  const latest = await ctx.chain.blockNumber();
  // A moment for the indexer to reach the block asked for (or the chain's head), so that what was just done is in the
  // report: a cap table read at once after a deployment or an issue showed it without those holders.
  const target = Math.min(asked ?? latest, latest);
  const reached = await indexedUpTo(ctx.db, token.contractAddress, target, { timeoutMs: 3000, pollMs: 100 });
  const indexed = reached < 0 ? undefined : reached;
  if (indexed === undefined) throw new HttpError(409, m.notIndexed);
  const headBlock = Math.min(indexed, latest);
  const blockNumber = asked ?? headBlock;
  if (blockNumber > latest) throw new HttpError(400, m.blockInFuture);
  if (blockNumber > indexed) throw new HttpError(409, m.blockNotIndexed(blockNumber, indexed));
  const block = await ctx.chain.provider.getBlock(blockNumber);
  return {
    token,
    blockNumber,
    blockTime: new Date((block?.timestamp ?? 0) * 1000).toISOString(),
    headBlock,
  };
}

/**
 * Whether the viewer sees investors' legal names on the token's reports: those the access module lets see the
 * token's investor data (as on its holders list and dashboard), and those who may read the records of its whitelist.
 */
async function namesVisible(ctx: AppContext, viewer: Viewer, token: Token): Promise<boolean> {
  const access = accessOf(ctx);
  if (await access.investorData(viewer, { token })) return true;
  const whitelist = token.whitelistAddress
    ? await whitelistAt(ctx.db, ctx.chain.chainId, token.whitelistAddress)
    : undefined;
  return whitelist ? access.whitelistRecords(viewer, { whitelist }) : false;
}

type Holding = { holder: string; legalName: string | null; byPartition: Map<string, bigint>; total: bigint };

/** The rows of balancesAtBlock folded per holder, in their order (largest first). */
function holdingsOf(rows: HolderAtBlock[], named: boolean): Holding[] {
  const byHolder = new Map<string, Holding>();
  for (const row of rows) {
    let holding = byHolder.get(row.holder);
    if (!holding) {
      holding = {
        holder: row.holder,
        legalName: named ? row.legalName : null,
        byPartition: new Map(),
        total: 0n,
      };
      byHolder.set(row.holder, holding);
    }
    const balance = BigInt(row.balance);
    holding.byPartition.set(row.partition, balance);
    holding.total += balance;
  }
  return [...byHolder.values()];
}

async function holdingsAt(ctx: AppContext, viewer: Viewer, code: string, block: number | undefined) {
  const at = await reportAt(ctx, code, block);
  const [rows, named] = await Promise.all([
    balancesAtBlock(ctx.db, at.token.contractAddress, at.blockNumber),
    namesVisible(ctx, viewer, at.token),
  ]);
  const holdings = holdingsOf(rows, named);
  const totalSupply = holdings.reduce((sum, h) => sum + h.total, 0n);
  return { ...at, named, holdings, totalSupply };
}

/** GET /reports/{code}/cap-table: partitions (by name) × holders (largest first) at a block. */
export async function capTable(
  ctx: AppContext,
  viewer: Viewer,
  code: string,
  block: number | undefined,
): Promise<CapTable> {
  const { token, named, holdings, totalSupply, ...at } = await holdingsAt(ctx, viewer, code, block);
  const partitions = new Map<string, { supply: bigint; holders: number }>();
  for (const holding of holdings) {
    for (const [partition, balance] of holding.byPartition) {
      const entry = partitions.get(partition) ?? { supply: 0n, holders: 0 };
      entry.supply += balance;
      entry.holders += 1;
      partitions.set(partition, entry);
    }
  }
  const ordered = [...partitions]
    .map(([value, p]) => ({
      value,
      name: bytes32Name(value),
      supply: p.supply.toString(),
      holders: p.holders,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const shares = sharesPercent(holdings.map((h) => h.total));
  return {
    symbol: token.projectCode,
    tokenName: token.projectName,
    contractAddress: token.contractAddress,
    ...at,
    totalSupply: totalSupply.toString(),
    namesVisible: named,
    partitions: ordered,
    holders: holdings.map((h, i) => ({
      holderAddress: h.holder,
      legalName: h.legalName,
      balances: ordered.map((p) => (h.byPartition.get(p.value) ?? 0n).toString()),
      total: h.total.toString(),
      share: shares[i] ?? '0.00',
    })),
  };
}

/** GET /reports/{code}/concentration: the largest holders and the cumulative shares of the largest 1, 5, 10, 20. */
export async function concentration(
  ctx: AppContext,
  viewer: Viewer,
  code: string,
  block: number | undefined,
): Promise<Concentration> {
  const { token, named, holdings, totalSupply, ...at } = await holdingsAt(ctx, viewer, code, block);
  const top = holdings.slice(0, concentrationTopCount);
  const rest = holdings.slice(concentrationTopCount).reduce((sum, h) => sum + h.total, 0n);
  // The top's and the rest's shares as the chart counts them (they add up to 100.00).
  const shares = sharesPercent([...top.map((h) => h.total), rest]);
  const sumOf = (count: number) => holdings.slice(0, count).reduce((sum, h) => sum + h.total, 0n);
  return {
    symbol: token.projectCode,
    ...at,
    totalSupply: totalSupply.toString(),
    holders: holdings.length,
    namesVisible: named,
    top: top.map((h, i) => ({
      holderAddress: h.holder,
      legalName: h.legalName,
      balance: h.total.toString(),
      share: shares[i] ?? '0.00',
    })),
    restBalance: rest.toString(),
    restShare: shares[top.length] ?? '0.00',
    // The steps there are holders for: 1 and 5 of 7 holders, none of none.
    cumulative: concentrationSteps
      .filter((count) => count <= holdings.length)
      .map((count) => {
        const balance = sumOf(count);
        return { count, balance: balance.toString(), share: sharePercent(balance, totalSupply) };
      }),
  };
}

/**
 * GET /reports/{code}/distributions: the distributions the viewer may see (as on the Distributions tab) whose
 * register was taken at or before the block, with what was claimed, pushed, held and reclaimed at the end of that
 * block (figuresAtBlock: from the chain's logs up to it, a few calls for all of them whatever their holders).
 */
export async function distributionHistory(
  ctx: AppContext,
  viewer: Viewer,
  code: string,
  block: number | undefined,
): Promise<DistributionHistory> {
  const { token, ...at } = await reportAt(ctx, code, block);
  const rows = await distributionsRecordedBy(ctx.db, token.contractAddress, at.blockNumber);
  const visible = new Set(
    await accessOf(ctx).distributions(viewer, { token, rows: rows.map((row) => row.distribution) }),
  );
  const shown = rows.filter((row) => visible.has(row.distribution));
  const figures = await figuresAtBlock(
    ctx,
    shown.map((row) => row.distribution),
    Math.min(...shown.map((row) => row.recordBlock)),
    at.blockNumber,
  );
  return {
    symbol: token.projectCode,
    ...at,
    distributions: shown.map(({ distribution: d, recordBlock, recordTime }) => {
      const f = figures.get(d.id);
      return {
        id: d.id,
        asset: d.asset,
        assetSymbol: d.assetSymbol,
        assetDecimals: d.assetDecimals,
        amount: d.amount,
        recordBlock,
        recordDate: new Date(recordTime * 1000).toISOString(),
        deadline: new Date(d.deadline * 1000).toISOString(),
        holders: d.holders,
        claimed: (f?.claimed ?? 0n).toString(),
        pushed: (f?.pushed ?? 0n).toString(),
        remaining: (f?.remaining ?? 0n).toString(),
        reclaimed: f?.reclaimed ?? false,
      };
    }),
  };
}
