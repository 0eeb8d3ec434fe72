import { and, asc, count, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { balanceChanges, holderChangeCounts, indexerCursors, tokenBalances } from '../tokens/schema.ts';

/** The last block indexed for a contract, or null when the indexer has not read it yet. */
export async function cursorOf(db: Database, contractAddress: string): Promise<number | null> {
  const [row] = await db
    .select({ lastBlock: indexerCursors.lastBlock })
    .from(indexerCursors)
    .where(eq(indexerCursors.contractAddress, contractAddress.toLowerCase()))
    .limit(1);
  return row ? row.lastBlock : null;
}

/** Current non-zero balances of a holder by partition. */
export async function currentBalances(
  db: Database,
  contractAddress: string,
  holder: string,
): Promise<{ partition: string; balance: string }[]> {
  return db
    .select({ partition: tokenBalances.partition, balance: tokenBalances.balance })
    .from(tokenBalances)
    .where(
      and(
        eq(tokenBalances.contractAddress, contractAddress),
        eq(tokenBalances.holder, holder),
        gt(tokenBalances.balance, '0'),
      ),
    )
    .orderBy(asc(tokenBalances.partition));
}

/** Non-zero balances of a holder by partition after block `blockNumber`. */
export async function balancesAtBlock(
  db: Database,
  contractAddress: string,
  holder: string,
  blockNumber: number,
): Promise<{ partition: string; balance: string }[]> {
  // Every partition the holder ever had keeps a token_balances row; each one's last change comes from
  // balance_changes_partition_idx.
  const result = await db.execute(sql`
    select tb.partition, latest.balance from token_balances tb
    cross join lateral (
      select balance from balance_changes bc
      where bc.contract_address = tb.contract_address and bc.holder = tb.holder and bc.partition = tb.partition
        and bc.block_number <= ${blockNumber}
      order by bc.block_number desc, bc.log_index desc
      limit 1
    ) latest
    where tb.contract_address = ${contractAddress} and tb.holder = ${holder} and latest.balance > 0
    order by tb.partition`);
  return (result as unknown as { rows: { partition: string; balance: string }[] }).rows.map((row) => ({
    partition: row.partition,
    balance: String(row.balance),
  }));
}

/**
 * The partitions whose balance of a holder changed in a block from `fromBlock` (the first one not final yet) up to
 * `atBlock` (null: the head), in one query over balance_changes_partition_idx: their balances are unconfirmed.
 */
export async function unconfirmedPartitions(
  db: Database,
  input: { contractAddress: string; holder: string; fromBlock: number; atBlock: number | null },
): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ partition: balanceChanges.partition })
    .from(balanceChanges)
    .where(
      and(
        eq(balanceChanges.contractAddress, input.contractAddress),
        eq(balanceChanges.holder, input.holder),
        gte(balanceChanges.blockNumber, input.fromBlock),
        input.atBlock === null ? undefined : lte(balanceChanges.blockNumber, input.atBlock),
      ),
    );
  return new Set(rows.map((row) => row.partition));
}

export type HistorySort = 'blockNumber' | 'balance' | 'partitionName' | 'blockTimestamp';

/** A page of a holder's balance changes between two unix times (both included), and how many there are. */
export async function balanceHistory(
  db: Database,
  input: {
    contractAddress: string;
    holder: string;
    from: number;
    to: number;
    page: number;
    pageSize: number;
    sort: HistorySort;
    order: 'asc' | 'desc';
  },
) {
  const where = and(
    eq(balanceChanges.contractAddress, input.contractAddress),
    eq(balanceChanges.holder, input.holder),
    gte(balanceChanges.blockTimestamp, input.from),
    lte(balanceChanges.blockTimestamp, input.to),
  );
  const direction = input.order === 'asc' ? asc : desc;
  const columns: Record<HistorySort, AnyPgColumn> = {
    blockNumber: balanceChanges.blockNumber,
    blockTimestamp: balanceChanges.blockTimestamp,
    balance: balanceChanges.balance,
    partitionName: balanceChanges.partition,
  };
  const total = db.select({ n: count() }).from(balanceChanges).where(where);
  // Dates that cover every change take the indexer's count; others count (COALESCE evaluates no further).
  const kept = db
    .select({ n: holderChangeCounts.changes })
    .from(holderChangeCounts)
    .where(
      and(
        eq(holderChangeCounts.contractAddress, input.contractAddress),
        eq(holderChangeCounts.holder, input.holder),
        gte(holderChangeCounts.firstTimestamp, input.from),
        lte(holderChangeCounts.lastTimestamp, input.to),
      ),
    );
  const rows = await db
    .select({
      change: balanceChanges,
      totalRows: sql<number>`coalesce((${kept}), (${total}))`.mapWith(Number),
    })
    .from(balanceChanges)
    .where(where)
    .orderBy(
      direction(columns[input.sort]),
      direction(balanceChanges.blockNumber),
      direction(balanceChanges.logIndex),
      direction(balanceChanges.partition),
    )
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  // A page past the end has no row to carry the count.
  const totalRows = rows[0]?.totalRows ?? (input.page > 1 ? ((await total)[0]?.n ?? 0) : 0);
  return { rows: rows.map((row) => row.change), totalRows };
}
