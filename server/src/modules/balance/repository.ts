import { and, asc, count, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { balanceChanges, indexerCursors, tokenBalances } from '../tokens/schema.ts';

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
  const result = await db.execute(sql`
    select partition, balance from (
      select distinct on (partition) partition, balance
      from balance_changes
      where contract_address = ${contractAddress} and holder = ${holder} and block_number <= ${blockNumber}
      order by partition, block_number desc, log_index desc
    ) latest where balance > 0 order by partition`);
  return (result as unknown as { rows: { partition: string; balance: string }[] }).rows.map((row) => ({
    partition: row.partition,
    balance: String(row.balance),
  }));
}

export type HistorySort = 'blockNumber' | 'balance' | 'partitionName' | 'blockTimestamp';

/** A page of a holder's balance changes between two unix times (both included). */
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
  const [total] = await db.select({ n: count() }).from(balanceChanges).where(where);
  const rows = await db
    .select()
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
  return { rows, totalRows: total?.n ?? 0 };
}
