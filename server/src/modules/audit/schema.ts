import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The operations log (issue 38): every privileged action, appended once, hash-chained. `hash` = SHA-256 of
 * `prev_hash` and the digest of the entry's canonical encoding (audit/verify.mjs: entryDigest, chainHash). A trigger
 * refuses UPDATE, DELETE and TRUNCATE (migration 0021); `seq` is gapless, appended under one lock (chain.ts).
 * No foreign keys: an account deleted later must not make the database rewrite an entry.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    /** ISO time with milliseconds, as hashed. */
    at: text('at').notNull(),
    accountId: integer('account_id'),
    /** The actor's login name at the time. */
    actor: text('actor'),
    requestId: text('request_id'),
    /** The token's symbol, when the action concerns one token. */
    symbol: text('symbol'),
    /** The object acted on: a lower-cased contract address, or `kind:id` (webhook:3, dtx:7). */
    object: text('object'),
    action: text('action').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique(),
  },
  (table) => [
    index('audit_log_symbol_idx').on(table.symbol, table.seq),
    index('audit_log_object_idx').on(table.object, table.seq),
  ],
);

/** Head hashes written on-chain (a calldata marker sent by the platform's anchor key, anchor.ts). */
export const auditAnchors = pgTable(
  'audit_anchors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The head entry anchored. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    jobId: integer('job_id'),
    transactionHash: text('transaction_hash'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    gasUsed: bigint('gas_used', { mode: 'number' }),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('audit_anchors_seq_idx').on(table.seq)],
);

/** Read-only auditors a token's owner granted (see access.ts auditTrail). */
export const tokenAuditors = pgTable(
  'token_auditors',
  {
    projectId: integer('project_id').notNull(),
    accountId: integer('account_id').notNull(),
    grantedBy: integer('granted_by').notNull(),
    grantedOn: timestamp('granted_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.accountId] })],
);

/** The platform's audit keys, sealed under the master key: 'anchor' (secp256k1) and 'pack' (Ed25519). */
export const auditKeys = pgTable('audit_keys', {
  name: text('name').primaryKey(),
  sealed: text('sealed').notNull(),
  publicKey: text('public_key').notNull(),
  createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Regulator packs: the job that builds each and, once done, the zip. */
export const auditPacks = pgTable(
  'audit_packs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id').notNull(),
    symbol: text('symbol').notNull(),
    accountId: integer('account_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    jobId: integer('job_id'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    fromTime: text('from_time'),
    toTime: text('to_time'),
    zip: bytea('zip'),
    digest: text('digest'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedOn: timestamp('finished_on', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('audit_packs_project_idx').on(table.projectId, table.id)],
);
