import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { snapshotRows, snapshots } from './schema.ts';

export type SnapshotRowRecord = { holder: string; partition: string; balance: string };
export type SnapshotRecord = typeof snapshots.$inferSelect;

/**
 * The non-zero balances of a token at the end of block `blockNumber` (one partition or all), from the indexer's
 * balance changes: each (holder, partition)'s last change at or before the block. Ordered by holder, partition.
 */
export async function balancesAt(
  db: Database,
  contractAddress: string,
  blockNumber: number,
  partition: string | null,
): Promise<SnapshotRowRecord[]> {
  const result = await db.execute(sql`
    select holder, partition, balance::text as balance from (
      select distinct on (holder, partition) holder, partition, balance
      from balance_changes
      where contract_address = ${contractAddress} and block_number <= ${blockNumber}
        ${partition ? sql`and partition = ${partition}` : sql``}
      order by holder, partition, block_number desc, log_index desc
    ) latest
    where balance > 0
    order by holder, partition`);
  return (result as unknown as { rows: SnapshotRowRecord[] }).rows.map((row) => ({
    holder: row.holder,
    partition: row.partition,
    balance: String(row.balance),
  }));
}

/** Writes a register and its rows in one transaction; answers its id. */
export async function insertSnapshot(
  db: Database,
  snapshot: Omit<typeof snapshots.$inferInsert, 'id' | 'createdOn'>,
  rows: readonly SnapshotRowRecord[],
): Promise<SnapshotRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(snapshots).values(snapshot).returning();
    if (!row) throw new Error('The register was not recorded');
    for (let start = 0; start < rows.length; start += 5000) {
      await tx.insert(snapshotRows).values(
        rows.slice(start, start + 5000).map((r, i) => ({
          snapshotId: row.id,
          position: start + i,
          holder: r.holder,
          partition: r.partition,
          balance: r.balance,
        })),
      );
    }
    return row;
  });
}

export async function findSnapshot(db: Database, id: number): Promise<SnapshotRecord | undefined> {
  const [row] = await db.select().from(snapshots).where(eq(snapshots.id, id)).limit(1);
  return row;
}

export async function listSnapshotsOf(db: Database, contractAddress: string): Promise<SnapshotRecord[]> {
  return db
    .select()
    .from(snapshots)
    .where(eq(snapshots.contractAddress, contractAddress))
    .orderBy(desc(snapshots.id));
}

/** Rows `offset` .. `offset + limit − 1` of a register (all when limit is undefined), with current legal names. */
export async function snapshotRowsOf(
  db: Database,
  snapshot: SnapshotRecord,
  range: { offset: number; limit?: number } = { offset: 0 },
): Promise<(SnapshotRowRecord & { legalName: string | null })[]> {
  const query = db
    .select({
      holder: snapshotRows.holder,
      partition: snapshotRows.partition,
      balance: sql<string>`${snapshotRows.balance}::text`,
      // Qualified by hand: drizzle names the columns of a one-table select without their table, and an unqualified
      // "holder" here would be the subquery's own (every row then carried the first named holder's name).
      legalName: sql<string | null>`(select tb.legal_name from token_balances tb
        where tb.contract_address = ${snapshot.contractAddress} and tb.holder = snapshot_rows.holder
          and tb.legal_name is not null limit 1)`,
    })
    .from(snapshotRows)
    .where(eq(snapshotRows.snapshotId, snapshot.id))
    .orderBy(asc(snapshotRows.position))
    .offset(range.offset);
  return range.limit === undefined ? query : query.limit(range.limit);
}
