import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The indexer's progress: one row per followed contract (tokens, and the whitelists of tokens). Events up to and
 * including `lastBlock` are in the tables below; the row and the events it covers change in one transaction.
 */
export const indexerCursors = pgTable('indexer_cursors', {
  /** Lower-cased 0x address. */
  contractAddress: text('contract_address').primaryKey(),
  kind: text('kind').$type<'token' | 'whitelist' | 'scheme'>().notNull(),
  lastBlock: bigint('last_block', { mode: 'number' }).notNull(),
  updatedOn: timestamp('updated_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The hash of every block the indexer read within the reorg window (INDEXER_REORG_WINDOW below the head): a block
 * whose hash on the chain differs is the sign of a reorg (indexer/reorg.ts rolls back to the common ancestor).
 */
export const indexerBlocks = pgTable('indexer_blocks', {
  blockNumber: bigint('block_number', { mode: 'number' }).primaryKey(),
  hash: text('hash').notNull(),
});

/** Every indexed log of a token or whitelist, decoded. Amounts are uint256 as numeric. */
export const tokenEvents = pgTable(
  'token_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contractAddress: text('contract_address').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    logIndex: integer('log_index').notNull(),
    /** Unix seconds of the block. */
    blockTimestamp: bigint('block_timestamp', { mode: 'number' }).notNull(),
    transactionHash: text('transaction_hash').notNull(),
    /** The event name of the ABI (IssuedByPartition, TransferByPartition, DocumentUpdated, ...). */
    event: text('event').notNull(),
    /** bytes32 hex of the partition (or the document name for document events). */
    partition: text('partition'),
    operator: text('operator'),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    amount: numeric('amount', { precision: 78, scale: 0 }),
    /** The remaining decoded arguments. */
    details: jsonb('details').$type<Record<string, string | boolean>>().notNull().default({}),
  },
  (table) => [
    uniqueIndex('token_events_position_key').on(table.contractAddress, table.blockNumber, table.logIndex),
    index('token_events_kind_idx').on(table.contractAddress, table.event),
  ],
);

/**
 * Current balance of each holder in each partition of each token (rows with zero balance are kept), with the
 * legal name of the holder's record in the token's whitelist (kept by the indexer and the whitelists module) so
 * that the holders table sorts on every column from an index.
 */
export const tokenBalances = pgTable(
  'token_balances',
  {
    contractAddress: text('contract_address').notNull(),
    partition: text('partition').notNull(),
    holder: text('holder').notNull(),
    balance: numeric('balance', { precision: 78, scale: 0 }).notNull(),
    legalName: text('legal_name'),
  },
  (table) => [
    primaryKey({ columns: [table.contractAddress, table.partition, table.holder] }),
    index('token_balances_holder_idx').on(table.contractAddress, table.holder),
    // The holders table's three orders (holders/repository.ts), read forwards or backwards from a cursor.
    index('token_balances_by_balance_idx')
      .on(table.contractAddress, table.partition, table.balance, table.holder)
      .where(sql`${table.balance} > 0`),
    index('token_balances_by_address_idx')
      .on(table.contractAddress, table.partition, table.holder)
      .where(sql`${table.balance} > 0`),
    index('token_balances_by_name_idx')
      .on(table.contractAddress, table.partition, sql`coalesce(${table.legalName}, '')`, table.holder)
      .where(sql`${table.balance} > 0`),
  ],
);

/** One row per balance change: the balance of the holder in the partition after the event. */
export const balanceChanges = pgTable(
  'balance_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contractAddress: text('contract_address').notNull(),
    holder: text('holder').notNull(),
    partition: text('partition').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    logIndex: integer('log_index').notNull(),
    blockTimestamp: bigint('block_timestamp', { mode: 'number' }).notNull(),
    transactionHash: text('transaction_hash').notNull(),
    delta: numeric('delta', { precision: 78, scale: 0 }).notNull(),
    balance: numeric('balance', { precision: 78, scale: 0 }).notNull(),
  },
  (table) => [
    uniqueIndex('balance_changes_position_key').on(
      table.contractAddress,
      table.holder,
      table.blockNumber,
      table.logIndex,
      table.partition,
    ),
    index('balance_changes_time_idx').on(table.contractAddress, table.holder, table.blockTimestamp),
    // The last change of each partition at or before a block (balance at a block).
    index('balance_changes_partition_idx').on(
      table.contractAddress,
      table.holder,
      table.partition,
      table.blockNumber,
      table.logIndex,
    ),
  ],
);

/**
 * How many balance changes each holder of each token has, and the block times of the first and the last:
 * kept by the indexer so that a history page whose dates cover them all does not count them again.
 */
export const holderChangeCounts = pgTable(
  'holder_change_counts',
  {
    contractAddress: text('contract_address').notNull(),
    holder: text('holder').notNull(),
    changes: integer('changes').notNull(),
    firstTimestamp: bigint('first_timestamp', { mode: 'number' }).notNull(),
    lastTimestamp: bigint('last_timestamp', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.contractAddress, table.holder] })],
);

/** Current documents of each token (ERC-1643), from DocumentUpdated / DocumentRemoved. */
export const tokenDocuments = pgTable(
  'token_documents',
  {
    contractAddress: text('contract_address').notNull(),
    /** bytes32 hex of the document name (the encoded title). */
    name: text('name').notNull(),
    title: text('title').notNull(),
    uri: text('uri').notNull(),
    documentHash: text('document_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    transactionHash: text('transaction_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.contractAddress, table.name] })],
);

/** Operators per holder: partition '' means every partition. */
export const tokenOperators = pgTable(
  'token_operators',
  {
    contractAddress: text('contract_address').notNull(),
    holder: text('holder').notNull(),
    operator: text('operator').notNull(),
    partition: text('partition').notNull(),
    authorized: boolean('authorized').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contractAddress, table.holder, table.operator, table.partition] }),
  ],
);

/** Whitelist verifications of the whitelists tokens use: the transaction that verified each address. */
export const whitelistVerifications = pgTable(
  'whitelist_verifications',
  {
    whitelistAddress: text('whitelist_address').notNull(),
    account: text('account').notNull(),
    verified: boolean('verified').notNull(),
    verificationHash: text('verification_hash').notNull(),
    transactionHash: text('transaction_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.whitelistAddress, table.account] })],
);

/** Holders with a non-zero balance per token and partition, kept by the indexer (the holders page count). */
export const partitionHolderCounts = pgTable(
  'partition_holder_counts',
  {
    contractAddress: text('contract_address').notNull(),
    partition: text('partition').notNull(),
    holders: integer('holders').notNull(),
  },
  (table) => [primaryKey({ columns: [table.contractAddress, table.partition] })],
);
