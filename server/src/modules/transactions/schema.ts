import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * The transactions an account ran (My transactions): recorded by the console for wallet-signed ones
 * (POST /account/transactions) and by the server for those it signs (recordUserTransaction).
 * Hashes and addresses are stored lower-cased.
 */
export const accountTransactions = pgTable(
  'account_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    transactionHash: text('transaction_hash').notNull(),
    txType: integer('tx_type').notNull(),
    contractAddress: text('contract_address'),
    publicAddress: text('public_address'),
    /**
     * The token the transaction concerns (issue 34), filled when it is recorded: the called contract when that is a
     * token, the distribution's token for a Distributor call; null when none is known (the filter then falls back
     * on the called contract).
     */
    tokenAddress: text('token_address'),
    createdOn: stamp('created_on'),
    updatedOn: stamp('updated_on'),
  },
  (table) => [
    uniqueIndex('account_transactions_account_hash_key').on(table.accountId, table.transactionHash),
    index('account_transactions_account_idx').on(table.accountId, table.id),
  ],
);

/** Hashes an account registered (POST /transactions/hash): they may be viewed by that account. */
export const transactionHashes = pgTable(
  'transaction_hashes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    transactionHash: text('transaction_hash').notNull(),
    createdOn: stamp('created_on'),
  },
  (table) => [uniqueIndex('transaction_hashes_account_hash_key').on(table.accountId, table.transactionHash)],
);

/** Receipts as read from the chain (never as sent by a client), one per chain and hash. */
export const transactionReceipts = pgTable(
  'transaction_receipts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    transactionHash: text('transaction_hash').notNull(),
    blockHash: text('block_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    contractAddress: text('contract_address'),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address'),
    transactionIndex: integer('transaction_index').notNull(),
    status: integer('status').notNull(),
    gasUsed: text('gas_used').notNull(),
    recordedOn: stamp('recorded_on'),
  },
  (table) => [uniqueIndex('transaction_receipts_chain_hash_key').on(table.chainId, table.transactionHash)],
);
