import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';
import { jobs } from '../../jobs/schema.ts';

// The shared job runner's tables live in server/src/jobs/schema.ts; re-exported here so drizzle-kit (which reads
// src/db/schema.ts and src/modules/*/schema.ts) generates their migrations.
export { jobs, jobTransactions } from '../../jobs/schema.ts';

/**
 * Token drafts (spec part 2, sections 3 and 4): a token's terms and its investors, owned by the account that saved
 * it. status: 0 saved, 1 deploying, 2 deployed (the token contract exists; investors may still be issuing).
 * The token's row in `projects` (issue 10) is kept beside it: status 1 while a draft, 2 once deployed.
 */
export const tokenDrafts = pgTable(
  'token_drafts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Upper-cased. */
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    exchangeRate: doublePrecision('exchange_rate').notNull().default(1),
    currency: text('currency').notNull(),
    codebaseId: integer('codebase_id').notNull(),
    whitelistAddress: text('whitelist_address').notNull(),
    whitelistName: text('whitelist_name').notNull(),
    schemeAddress: text('scheme_address').notNull(),
    controllerAddress: text('controller_address').notNull(),
    status: integer('status').notNull().default(0),
    contractAddress: text('contract_address'),
    ownerAddress: text('owner_address'),
    /** The address whose key signs the deployment and the issuance. */
    deployerAddress: text('deployer_address'),
    deployTransactionHash: text('deploy_transaction_hash'),
    deployBlock: bigint('deploy_block', { mode: 'number' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    errorMessage: text('error_message'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedOn: timestamp('updated_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('token_drafts_symbol_key').on(sql`upper(${table.symbol})`),
    index('token_drafts_account_idx').on(table.accountId),
  ],
);

/**
 * Investors of a draft in the order entered. status: 0 not issued, 1 issuing (assigned to `batch`, whose transaction
 * is recorded in job_transactions under step 'issue:<batch>'), 2 issued, 3 failed (errorMessage holds the chain's reason).
 */
export const draftInvestors = pgTable(
  'draft_investors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    draftId: integer('draft_id')
      .notNull()
      .references(() => tokenDrafts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    investorAddress: text('investor_address').notNull(),
    investmentAmount: bigint('investment_amount', { mode: 'number' }).notNull(),
    /** Whole tokens issued: floor(investmentAmount / exchangeRate). */
    initialBalance: bigint('initial_balance', { mode: 'bigint' }).notNull(),
    tokenRemainder: doublePrecision('token_remainder').notNull(),
    fiatRemainder: doublePrecision('fiat_remainder').notNull(),
    status: integer('status').notNull().default(0),
    batch: integer('batch'),
    transactionHash: text('transaction_hash'),
    errorMessage: text('error_message'),
  },
  (table) => [
    uniqueIndex('draft_investors_address_key').on(table.draftId, table.investorAddress),
    index('draft_investors_status_idx').on(table.draftId, table.status, table.position),
  ],
);
