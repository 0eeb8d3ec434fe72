import { distributionMessages as m, type SnapshotSummary } from '@tranche/api';
import { keccakReady, registerRoot } from '@tranche/contracts';
import { accessOf } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { bytes32Name } from '../../indexer/decode.ts';
import { cursorOf } from '../balance/repository.ts';
import { partitionValue } from '../holders/routes.ts';
import { requireDeployed } from '../projects/service.ts';
import { balancesAt, findSnapshot, insertSnapshot, type SnapshotRecord } from './repository.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'caches'>;
type Token = Awaited<ReturnType<typeof requireDeployed>>;

/** Investors' names in registers follow the access module's rule for a token's investor data. */
export function canSeeInvestorNames(ctx: Ctx, accountId: number, token: Token): Promise<boolean> {
  return accessOf(ctx).investorData({ accountId }, { token });
}

/** The last block whose timestamp is at or before `seconds` (binary search over the chain's blocks). */
export async function blockAtOrBefore(ctx: Ctx, seconds: number, latest: number): Promise<number> {
  const timestampOf = async (n: number) => (await ctx.chain.provider.getBlock(n))?.timestamp ?? 0;
  if ((await timestampOf(0)) > seconds) throw new HttpError(400, m.dateBeforeToken);
  let low = 0;
  let high = latest;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((await timestampOf(middle)) <= seconds) low = middle;
    else high = middle - 1;
  }
  return low;
}

export function snapshotSummary(row: SnapshotRecord): SnapshotSummary {
  return {
    id: row.id,
    symbol: row.symbol,
    contractAddress: row.contractAddress,
    partition: row.partition,
    partitionName: row.partition ? bytes32Name(row.partition) : null,
    blockNumber: row.blockNumber,
    blockTime: new Date(row.blockTimestamp * 1000).toISOString(),
    holders: row.holders,
    rows: row.rowCount,
    total: row.total,
    merkleRoot: row.merkleRoot,
    createdOn: row.createdOn.toISOString(),
  };
}

/** POST /snapshots: reads the indexer's balances at the record block and keeps them as an immutable register. */
export async function createSnapshot(
  ctx: Ctx,
  accountId: number,
  input: { symbol: string; blockNumber?: number; date?: string; partition?: string },
): Promise<SnapshotSummary> {
  const token = await requireDeployed(ctx, input.symbol, { accountId });
  await accessOf(ctx).corporateActions({ accountId }, { token });
  const partition = input.partition === undefined ? null : (partitionValue(input.partition) ?? null);
  if (input.partition !== undefined && !partition) throw new HttpError(400, m.unknownPartition);
  const latest = await ctx.chain.blockNumber();
  const blockNumber =
    input.blockNumber ??
    (await blockAtOrBefore(ctx, Math.floor(Date.parse(input.date ?? '') / 1000), latest));
  if (blockNumber > latest) throw new HttpError(400, m.blockInFuture);
  const indexed = (await cursorOf(ctx.db, token.contractAddress)) ?? -1;
  if (blockNumber > indexed) throw new HttpError(409, m.blockNotIndexed(blockNumber, indexed));
  const block = await ctx.chain.provider.getBlock(blockNumber);
  const rows = await balancesAt(ctx.db, token.contractAddress, blockNumber, partition);
  await keccakReady();
  const merkleRoot = registerRoot(
    rows.map((row) => ({ address: row.holder, partition: row.partition, balance: BigInt(row.balance) })),
  );
  const total = rows.reduce((sum, row) => sum + BigInt(row.balance), 0n);
  const saved = await insertSnapshot(
    ctx.db,
    {
      chainId: ctx.chain.chainId,
      symbol: token.projectCode,
      contractAddress: token.contractAddress,
      partition,
      blockNumber,
      blockTimestamp: block?.timestamp ?? 0,
      holders: new Set(rows.map((row) => row.holder)).size,
      rowCount: rows.length,
      total: total.toString(),
      merkleRoot,
      accountId,
    },
    rows,
  );
  return snapshotSummary(saved);
}

export async function requireSnapshot(ctx: Ctx, id: number): Promise<SnapshotRecord> {
  const row = await findSnapshot(ctx.db, id);
  if (!row) throw new HttpError(404, m.snapshotNotFound);
  return row;
}

/** The register at a block, as the audit module's regulator packs read it (repository.ts). */
export { balancesAt } from './repository.ts';
