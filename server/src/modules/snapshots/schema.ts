import { bigint, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Record-date registers: immutable once written (no update path exists). The rows are the indexer's balances at
 * `block_number`, one per (holder, partition), in (holder, partition) order; `merkle_root` is the
 * StandardMerkleTree root over (address, bytes32 partition, uint256 balance) of those rows in that order.
 */
export const snapshots = pgTable(
  'snapshots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    symbol: text('symbol').notNull(),
    contractAddress: text('contract_address').notNull(),
    /** bytes32 hex, or null for all partitions. */
    partition: text('partition'),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockTimestamp: bigint('block_timestamp', { mode: 'number' }).notNull(),
    holders: integer('holders').notNull(),
    rowCount: integer('row_count').notNull(),
    total: numeric('total', { precision: 78, scale: 0 }).notNull(),
    merkleRoot: text('merkle_root').notNull(),
    accountId: integer('account_id'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('snapshots_contract_idx').on(table.contractAddress, table.id)],
);

export const snapshotRows = pgTable(
  'snapshot_rows',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => snapshots.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    holder: text('holder').notNull(),
    partition: text('partition').notNull(),
    balance: numeric('balance', { precision: 78, scale: 0 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.snapshotId, table.position] })],
);
