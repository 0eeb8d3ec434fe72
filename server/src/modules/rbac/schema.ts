import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

/** Security schemes registered on the platform (part 1: schemeName, securitySchemeAddress, codebaseId, owner, asset). */
export const securitySchemes = pgTable(
  'security_schemes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    /** Lower-cased 0x address. */
    address: text('address').notNull(),
    schemeName: text('scheme_name').notNull(),
    codebaseId: integer('codebase_id').notNull(),
    /** Lower-cased owner read from the chain at registration. */
    ownerAddress: text('owner_address').notNull(),
    /** The scheme's own asset id (0x + 64 hex) read from the chain. */
    assetId: text('asset_id').notNull(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    transactionHash: text('transaction_hash'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('security_schemes_chain_address_key').on(table.chainId, table.address),
    index('security_schemes_created_idx').on(table.createdOn, table.id),
  ],
);
