import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jobs } from '../../jobs/schema.ts';
import { accounts } from '../../db/schema.ts';
import { projects } from '../projects/schema.ts';
import { keyShares, shardedKeys } from '../sharding/schema.ts';

/**
 * Distributed (sharded key) transactions: a token operation or a reshard of a key, run once `requiredApprovers`
 * signers of the key's generation approved with their access codes.
 */
export const distributedTransactions = pgTable(
  'distributed_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    keyId: integer('key_id')
      .notNull()
      .references(() => shardedKeys.id, { onDelete: 'cascade' }),
    /** The key generation whose signers approve. */
    generation: integer('generation').notNull(),
    txType: integer('tx_type').notNull(),
    /** The operation's parameters (no secrets): token operation fields or the reshard request. */
    txData: jsonb('tx_data').$type<Record<string, unknown>>().notNull(),
    /** The initiator's optional comment (issue 37), shown on every approval card and mail. */
    comment: text('comment'),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    startedBy: integer('started_by').references(() => accounts.id, { onDelete: 'set null' }),
    startedOn: timestamp('started_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    requiredApprovers: integer('required_approvers').notNull(),
    status: integer('status').notNull(),
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    errorMessage: text('error_message'),
    finishedOn: timestamp('finished_on', { withTimezone: true, mode: 'date' }),
    /** A pending transaction not approved by then expires (DTX_TTL after its start) and its approvals are wiped. */
    expiresOn: timestamp('expires_on', { withTimezone: true, mode: 'date' }),
    /** The durable job that sends it (its signed transaction is recorded in job_transactions before broadcast). */
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('distributed_transactions_key_idx').on(table.keyId, table.status),
    index('distributed_transactions_started_idx').on(table.startedOn, table.id),
    // One pending transaction per key: approvals spread over several pending transactions never add up to M.
    uniqueIndex('distributed_transactions_one_pending_key').on(table.keyId).where(sql`${table.status} = 1`),
  ],
);

/**
 * One signer's approval. `sealedShare` holds the signer's decrypted share under the master key only until the
 * transaction finishes (then null): fewer than M of them never rebuild the key.
 */
export const dtxApprovals = pgTable(
  'dtx_approvals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dtxId: integer('dtx_id')
      .notNull()
      .references(() => distributedTransactions.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    shareId: integer('share_id')
      .notNull()
      .references(() => keyShares.id, { onDelete: 'cascade' }),
    sealedShare: text('sealed_share'),
    signedOn: timestamp('signed_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('dtx_approvals_signer_key').on(table.dtxId, table.accountId)],
);
