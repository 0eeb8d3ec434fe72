import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';
import { jobs } from '../../jobs/schema.ts';

/**
 * Local mode (issue 34): each account's own development account, a fresh key made for it. The key itself is a
 * registered credential (credentials, sealed under the master key); this row says which one, and which durable job
 * funds it with ETH and tUSD (one row per account: a retry never makes or funds a second one).
 */
export const localDevAccounts = pgTable(
  'local_dev_accounts',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Lower-cased 0x address. */
    address: text('address').notNull(),
    fundingJobId: integer('funding_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('local_dev_accounts_address_key').on(table.address)],
);
