import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { distributions } from '../distributions/schema.ts';
import { snapshots } from '../snapshots/schema.ts';
import { whitelists } from '../whitelists/schema.ts';

export type HolderAtBlock = {
  holder: string;
  partition: string;
  balance: string;
  /** The legal name of the holder's whitelist record as the index holds it now (shown only to those allowed). */
  legalName: string | null;
};

/**
 * The non-zero balances of a token at the end of block `blockNumber`, in one query on the indexer's balance
 * changes: each (holder, partition)'s last change at or before the block (balance_changes_partition_idx), with the
 * legal name the index keeps for the holder. Largest holder over all partitions first, then by address and partition.
 */
export async function balancesAtBlock(
  db: Database,
  contractAddress: string,
  blockNumber: number,
): Promise<HolderAtBlock[]> {
  const result = await db.execute(sql`
    with latest as (
      select distinct on (holder, partition) holder, partition, balance
      from balance_changes
      where contract_address = ${contractAddress} and block_number <= ${blockNumber}
      order by holder, partition, block_number desc, log_index desc
    ), held as (
      select holder, partition, balance, sum(balance) over (partition by holder) as total
      from latest where balance > 0
    )
    select held.holder, held.partition, held.balance::text as balance, named.legal_name as "legalName"
    from held
    left join lateral (
      select max(tb.legal_name) as legal_name from token_balances tb
      where tb.contract_address = ${contractAddress} and tb.holder = held.holder
    ) named on true
    order by held.total desc, held.holder, held.partition`);
  return (result as unknown as { rows: HolderAtBlock[] }).rows.map((row) => ({
    holder: row.holder,
    partition: row.partition,
    balance: String(row.balance),
    legalName: row.legalName ?? null,
  }));
}

/** The whitelist registered at `address` (lower-cased), if any: whose records a viewer may read decides names. */
export async function whitelistAt(db: Database, chainId: number, address: string) {
  const [row] = await db
    .select()
    .from(whitelists)
    .where(and(eq(whitelists.chainId, chainId), eq(whitelists.address, address.toLowerCase())))
    .limit(1);
  return row;
}

/**
 * The distributions of a token whose register was taken at or before `blockNumber`, newest first, each with its
 * register's record block and time.
 */
export async function distributionsRecordedBy(db: Database, contractAddress: string, blockNumber: number) {
  return db
    .select({
      distribution: distributions,
      recordBlock: snapshots.blockNumber,
      recordTime: snapshots.blockTimestamp,
    })
    .from(distributions)
    .innerJoin(snapshots, eq(snapshots.id, distributions.snapshotId))
    .where(and(eq(snapshots.contractAddress, contractAddress), lte(snapshots.blockNumber, blockNumber)))
    .orderBy(desc(snapshots.blockNumber), desc(distributions.id));
}
