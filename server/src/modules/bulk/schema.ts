import type { BulkRowStatus } from '@tranche/api';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { jobs } from '../../jobs/schema.ts';

/** The job kind of a bulk operation in the jobs table (its rows below belong to one such job). */
export const bulkJobKind = 'token.bulk';

/**
 * The rows of a bulk operation on a live token (issue 22), one job each (jobs.kind 'token.bulk'; the job's payload
 * holds the token, the operation and the signer). status: pending (not pre-checked yet), checked (passed the
 * pre-check), sending (in batch `batch`, its transaction recorded under step 'batch:<batch>'), done, failed (with
 * the reason, row-numbered).
 */
export const tokenBulkRows = pgTable(
  'token_bulk_rows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    address: text('address').notNull(),
    fromAddress: text('from_address'),
    amount: text('amount').notNull(),
    partition: text('partition').notNull(),
    status: text('status').$type<BulkRowStatus>().notNull().default('pending'),
    batch: integer('batch'),
    reason: text('reason'),
    transactionHash: text('transaction_hash'),
  },
  (table) => [
    uniqueIndex('token_bulk_rows_row').on(table.jobId, table.row),
    index('token_bulk_rows_status_idx').on(table.jobId, table.status, table.batch),
  ],
);
