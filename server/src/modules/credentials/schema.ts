import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

/**
 * Registered key pairs (spec part 2 'Register my keys'): one address belongs to one account; the private key is
 * kept AES-256-GCM encrypted under the master key with `credential:<accountId>:<address>` as associated data.
 */
export const credentials = pgTable(
  'credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Lower-cased 0x address. */
    address: text('address').notNull(),
    encryptedKey: text('encrypted_key').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedOn: timestamp('updated_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credentials_address_key').on(table.address),
    index('credentials_account_idx').on(table.accountId),
  ],
);
