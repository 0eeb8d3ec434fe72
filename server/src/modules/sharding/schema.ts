import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

/** sharded_keys.status: a key signs only once every signer opened their PDF and it was activated. */
export const shardedKeyStatus = { awaitingActivation: 1, active: 2 } as const;

/**
 * Platform-held sharded keys (spec part 2 'Create sharded key'). The private key itself is never stored: only
 * its Shamir shares, each encrypted under a key derived from its signer's access code (key_shares).
 */
export const shardedKeys = pgTable(
  'sharded_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased 0x address of the key. */
    address: text('address').notNull(),
    name: text('name').notNull(),
    /** M: shares needed to rebuild the key. */
    threshold: integer('threshold').notNull(),
    /** N: number of signers of the current generation. */
    total: integer('total').notNull(),
    status: integer('status').notNull().default(shardedKeyStatus.awaitingActivation),
    /** Raised by each reshard; only shares of the current generation work. */
    generation: integer('generation').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    activatedOn: timestamp('activated_on', { withTimezone: true, mode: 'date' }),
    /**
     * A reshard waiting for activation: generation + 1 holds the new shares (M and N below) while the current
     * generation keeps signing; activation switches in one database transaction, cancelling drops them.
     */
    pendingThreshold: integer('pending_threshold'),
    pendingTotal: integer('pending_total'),
  },
  (table) => [uniqueIndex('sharded_keys_address_key').on(table.address)],
);

/**
 * One signer's share of one generation of a key. `sealedShare` is the share encrypted twice: AES-256-GCM under
 * a key derived (argon2id, `kdfSalt`) from the signer's access code, then under the master key; it is set to
 * null when the generation is retired by a reshard. `shareDigest` (sha256 of the share) names a bad share.
 */
export const keyShares = pgTable(
  'key_shares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    keyId: integer('key_id')
      .notNull()
      .references(() => shardedKeys.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sealedShare: text('sealed_share'),
    kdfSalt: text('kdf_salt').notNull(),
    shareDigest: text('share_digest').notNull(),
    /** argon2id hash of the password mailed to the signer (it opens the PDF holding the access code). */
    pdfPasswordHash: text('pdf_password_hash').notNull(),
    /**
     * The signer's PDF (itself locked with the mailed password) under the master key, so that the signer can fetch
     * it again until the generation is activated; erased at activation.
     */
    sealedPdf: text('sealed_pdf'),
    openedOn: timestamp('opened_on', { withTimezone: true, mode: 'date' }),
    retiredOn: timestamp('retired_on', { withTimezone: true, mode: 'date' }),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('key_shares_signer_key').on(table.keyId, table.generation, table.accountId),
    index('key_shares_account_idx').on(table.accountId),
  ],
);

/** Wrong access codes per account and key: 5 in a row lock that account out of the key for 15 minutes. */
export const accessCodeAttempts = pgTable(
  'access_code_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    keyId: integer('key_id')
      .notNull()
      .references(() => shardedKeys.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    updatedOn: timestamp('updated_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('access_code_attempts_key').on(table.accountId, table.keyId)],
);
