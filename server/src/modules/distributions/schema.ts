import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { snapshots } from '../snapshots/schema.ts';

/**
 * Distributions over a register. The per-holder amounts (`distribution_payments`, index = leaf and bitmap index)
 * are fixed at creation by the one rounding rule (@tranche/contracts `allocate`); the chain holds the rest of the
 * state (funded, paid bits, remaining), which the server reads rather than copies.
 */
export const distributions = pgTable(
  'distributions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => snapshots.id),
    accountId: integer('account_id').notNull(),
    chainId: integer('chain_id').notNull(),
    issuer: text('issuer').notNull(),
    asset: text('asset').notNull(),
    assetSymbol: text('asset_symbol').notNull(),
    assetDecimals: integer('asset_decimals').notNull(),
    distributorAddress: text('distributor_address').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    amountPerToken: numeric('amount_per_token', { precision: 78, scale: 0 }),
    remainder: numeric('remainder', { precision: 78, scale: 0 }).notNull(),
    /** Unix seconds. */
    deadline: bigint('deadline', { mode: 'number' }).notNull(),
    merkleRoot: text('merkle_root').notNull(),
    /** keccak256 of the Distributor terms (issuer, asset, deadline, nonce = id, root). */
    onchainId: text('onchain_id').notNull(),
    holders: integer('holders').notNull(),
    excluded: jsonb('excluded').$type<string[]>().notNull().default([]),
    pushJobId: integer('push_job_id'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('distributions_snapshot_idx').on(table.snapshotId)],
);

export const distributionPayments = pgTable(
  'distribution_payments',
  {
    distributionId: integer('distribution_id')
      .notNull()
      .references(() => distributions.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    holder: text('holder').notNull(),
    balance: numeric('balance', { precision: 78, scale: 0 }).notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.distributionId, table.index] }),
    index('distribution_payments_holder_idx').on(table.holder),
  ],
);

/** Contracts the server deployed for distributions on a chain (local mode: the Distributor and the test stable token). */
export const distributionContracts = pgTable(
  'distribution_contracts',
  {
    chainId: integer('chain_id').notNull(),
    kind: text('kind').$type<'distributor' | 'testStableToken'>().notNull(),
    address: text('address').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.kind] })],
);
