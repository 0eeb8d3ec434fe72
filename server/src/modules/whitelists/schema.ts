import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

/** Whitelists registered on the platform (part 2: address, name, scheme, codebaseId). */
export const whitelists = pgTable(
  'whitelists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    /** Lower-cased 0x address. */
    address: text('address').notNull(),
    name: text('name').notNull(),
    /** Lower-cased address of its security scheme (read from the chain). */
    schemeAddress: text('scheme_address').notNull(),
    codebaseId: integer('codebase_id').notNull(),
    ownerAddress: text('owner_address').notNull(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    transactionHash: text('transaction_hash'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('whitelists_chain_address_key').on(table.chainId, table.address),
    index('whitelists_created_idx').on(table.createdOn, table.id),
  ],
);

export type ContactDetails = Record<string, string | number | boolean | null>;

/**
 * Verified addresses with their off-chain KYC record: the legal name and contact details stay here; the chain holds
 * only `hash` = sha256 of the canonical record with its random `salt`.
 */
export const whitelistAddresses = pgTable(
  'whitelist_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    whitelistId: integer('whitelist_id')
      .notNull()
      .references(() => whitelists.id, { onDelete: 'cascade' }),
    /** Lower-cased 0x address. */
    publicAddress: text('public_address').notNull(),
    legalName: text('legal_name').notNull(),
    contactDetails: jsonb('contact_details').$type<ContactDetails>().notNull().default({}),
    salt: text('salt').notNull(),
    hash: text('hash').notNull(),
    transactionHash: text('transaction_hash'),
    /**
     * Null while the record is pending: written before its chain transaction is sent, set when the transaction
     * is mined (the on-chain hash then equals `hash`).
     */
    verifiedOn: timestamp('verified_on', { withTimezone: true, mode: 'date' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedOn: timestamp('updated_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Issue 36: when the record's KYC stops being valid, as its WhitelistV2 holds it (null: no expiry). Set once the
     * transaction that wrote it is mined.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /**
     * The record's country as the what-if reads it (rules/simulate.ts): the contact details' `country` when it is
     * two letters (upper-cased), else ''. Kept by the database.
     */
    country: text('country').generatedAlwaysAs(
      sql`CASE WHEN upper(btrim(coalesce("contact_details"->>'country', ''))) ~ '^[A-Z]{2}$' THEN upper(btrim("contact_details"->>'country')) ELSE '' END`,
    ),
    /**
     * The investor the record attests: one key for every record with the same legal name and contact details (the
     * wallets of one person), whatever their address and salt. Kept by the database.
     */
    investor: text('investor').generatedAlwaysAs(
      sql`md5("legal_name" || chr(10) || "contact_details"::text)`,
    ),
  },
  (table) => [
    uniqueIndex('whitelist_addresses_key').on(table.whitelistId, table.publicAddress),
    index('whitelist_addresses_page_idx').on(table.whitelistId, table.createdOn, table.id),
    index('whitelist_addresses_expiry_idx')
      .on(table.whitelistId, table.expiresAt)
      .where(sql`${table.expiresAt} is not null`),
  ],
);
