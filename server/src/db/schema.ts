import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdOn = () => timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Platform accounts (spec part 2: loginName, password, emailAddress, profileName). */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased; equal to the email address at sign up. */
    loginName: text('login_name').notNull(),
    emailAddress: text('email_address').notNull(),
    profileName: text('profile_name').notNull(),
    /** argon2id hash. */
    passwordHash: text('password_hash').notNull(),
    /** sha256 of the mailed confirmation code while unconfirmed, then null. */
    confirmationCodeHash: text('confirmation_code_hash'),
    confirmedOn: timestamp('confirmed_on', { withTimezone: true, mode: 'date' }),
    /** Raised on each password change: tokens carrying an older value are refused. */
    sessionVersion: integer('session_version').notNull().default(1),
    createdOn: createdOn(),
  },
  (table) => [
    uniqueIndex('accounts_login_name_key').on(table.loginName),
    uniqueIndex('accounts_confirmation_code_key')
      .on(table.confirmationCodeHash)
      .where(sql`${table.confirmationCodeHash} is not null`),
  ],
);

/** Password reset requests: a mailed code and link token, valid 1 hour, single use. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresOn: timestamp('expires_on', { withTimezone: true, mode: 'date' }).notNull(),
    usedOn: timestamp('used_on', { withTimezone: true, mode: 'date' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdOn: createdOn(),
  },
  (table) => [
    uniqueIndex('password_resets_token_hash_key').on(table.tokenHash),
    index('password_resets_account_idx').on(table.accountId),
  ],
);

/**
 * Throttle counters of @fastify/rate-limit (http/throttle.ts): one row per key, counted with one atomic upsert so
 * that parallel requests cannot pass a limit. `strikes` counts consecutive windows that ended over the limit: a
 * growing key's next window is that many times doubled.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    strikes: integer('strikes').notNull().default(0),
    resetsOn: timestamp('resets_on', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limits_resets_on_idx').on(table.resetsOn)],
);

/** Sessions ended by POST /logout before their expiry (the token's jti), kept until the token expires. */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenId: text('token_id').notNull(),
    expiresOn: timestamp('expires_on', { withTimezone: true, mode: 'date' }).notNull(),
    createdOn: createdOn(),
  },
  (table) => [uniqueIndex('revoked_sessions_token_id_key').on(table.tokenId)],
);

export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

/** Mail kept in the database when no SMTP server is configured (the local outbox). */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
  createdOn: createdOn(),
});

/**
 * Contracts the platform deployed or registered. At start the server checks that each one still has code
 * on the chain (a reset dev chain would leave the database pointing at nothing).
 * Domain modules add rows when they deploy or register a contract.
 */
export const deployedContracts = pgTable(
  'deployed_contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    /** Lower-cased 0x address. */
    address: text('address').notNull(),
    /** What it is, e.g. 'token', 'whitelist', 'securityScheme'. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    transactionHash: text('transaction_hash'),
    createdOn: createdOn(),
  },
  (table) => [uniqueIndex('deployed_contracts_chain_address_key').on(table.chainId, table.address)],
);

/**
 * Idempotency keys (http/idempotency.ts): the answer of a request sent with an `Idempotency-Key` header, per account
 * and key, until `expires_on`. A retry with the same key and request gets the stored answer; `completed_on` is null
 * while the first request runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The route the key was first used on, and a sha256 of that request's parameters and body. */
    routeId: text('route_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** `data` of the first request's success answer. */
    response: jsonb('response'),
    completedOn: timestamp('completed_on', { withTimezone: true, mode: 'date' }),
    expiresOn: timestamp('expires_on', { withTimezone: true, mode: 'date' }).notNull(),
    createdOn: createdOn(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.key] }),
    index('idempotency_keys_expires_on_idx').on(table.expiresOn),
  ],
);
