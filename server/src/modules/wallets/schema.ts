import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

/**
 * Browser wallets an account proved it controls with a Sign-In with Ethereum message (EIP-4361), once per wallet:
 * `POST /account/transactions` records a wallet transaction only for a proved (or registered, or sharded) address.
 */
export const provedWallets = pgTable(
  'proved_wallets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Lower-cased 0x address. */
    address: text('address').notNull(),
    provedOn: timestamp('proved_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('proved_wallets_account_address_key').on(table.accountId, table.address)],
);
