import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

/**
 * One mail per event and recipient (issue 23): `eventKey` is unique ('dtx.started:12:7'), so an event noticed
 * twice (two instances, a restart) is recorded and mailed once; `sentOn` is set once the mail left.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventKey: text('event_key').notNull(),
    /** A notification kind (notificationKinds in @tranche/api). */
    kind: text('kind').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    jobId: integer('job_id'),
    sentOn: timestamp('sent_on', { withTimezone: true, mode: 'date' }),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notification_events_key').on(table.eventKey),
    index('notification_events_digest_idx').on(table.accountId, table.sentOn),
  ],
);

/** Which kinds of mail an account wants (a kind missing from `kinds` is on), and whether as a daily digest. */
export const notificationPreferences = pgTable('notification_preferences', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  kinds: jsonb('kinds').$type<Record<string, boolean>>().notNull().default({}),
  dailyDigest: boolean('daily_digest').notNull().default(false),
  updatedOn: timestamp('updated_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
