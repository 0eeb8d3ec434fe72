import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = {
  createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedOn: timestamp('updated_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Job states: queued (waiting), running (claimed under a lease), done, failed (gave up). */
export const jobStates = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof jobStates)[number];

/**
 * Durable background jobs (server/src/jobs/runner.ts). A worker claims a row with `FOR UPDATE SKIP LOCKED` and
 * holds it under a lease it renews; a crashed worker's lease runs out and another (or the restarted one) resumes.
 * `step` and `progress` are the handler's own bookmark, written before each step acts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    state: text('state').$type<JobState>().notNull().default('queued'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    step: text('step').notNull().default('start'),
    progress: jsonb('progress').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    ...timestamps,
  },
  (table) => [index('jobs_claim_idx').on(table.state, table.runAfter, table.id)],
);

/** States of a durable transaction: signed (recorded, maybe broadcast), mined, reverted, dropped (can never mine). */
export const jobTransactionStates = ['signed', 'mined', 'reverted', 'dropped'] as const;
export type JobTransactionState = (typeof jobTransactionStates)[number];

/**
 * Every transaction a job sends, recorded with its raw signed bytes and hash BEFORE it is broadcast: on resume the
 * job checks the receipt of the recorded hash (or rebroadcasts the same bytes) instead of sending again.
 */
export const jobTransactions = pgTable(
  'job_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The job it belongs to; null for a plain server-signed send (ChainService.send). */
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    /** The job's name for the step this transaction performs (e.g. 'deploy', 'issue:3'; 'send' without a job). */
    stepKey: text('step_key').notNull(),
    fromAddress: text('from_address').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    raw: text('raw').notNull(),
    state: text('state').$type<JobTransactionState>().notNull().default('signed'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    gasUsed: bigint('gas_used', { mode: 'number' }),
    contractAddress: text('contract_address'),
    error: text('error'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('job_transactions_hash_key').on(table.hash),
    index('job_transactions_step_idx').on(table.jobId, table.stepKey),
    // The nonce allocator's look at an address's open transactions (chain/nonces.ts).
    index('job_transactions_open_idx')
      .on(table.fromAddress, table.nonce)
      .where(sql`${table.state} = 'signed'`),
    uniqueIndex('job_transactions_live_step_key')
      .on(table.jobId, table.stepKey)
      .where(sql`${table.state} <> 'dropped'`),
  ],
);
