import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

/** projectStatus values (spec part 1, section 3: 1 = draft). */
export const projectStatus = { draft: 1, deployed: 2 } as const;
export type ProjectStatus = (typeof projectStatus)[keyof typeof projectStatus];

/**
 * Tokens (projects): a draft (status 1) until the drafts module records its deployment (status 2).
 * Addresses are stored lower-cased; an empty or zero controller is stored as null.
 */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The token symbol (projectCode); unique ignoring case. */
    projectCode: text('project_code').notNull(),
    projectName: text('project_name').notNull(),
    status: integer('status').notNull().default(projectStatus.draft),
    contractAddress: text('contract_address'),
    ownerAddress: text('owner_address'),
    controllerAddress: text('controller_address'),
    whitelistAddress: text('whitelist_address'),
    whitelistName: text('whitelist_name'),
    securitySchemeAddress: text('security_scheme_address'),
    /** The account that created the token (drafts) or registered it. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    deployTransactionHash: text('deploy_transaction_hash'),
    /** Block of the deployment: the indexer starts reading the token's events there. */
    deployBlock: bigint('deploy_block', { mode: 'number' }),
    /** The token codebase's version: 1 (its own contract) or 2 (a proxy from the platform's TokenFactory). */
    tokenVersion: integer('token_version').notNull().default(1),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedOn: timestamp('updated_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('projects_code_key').on(sql`lower(${table.projectCode})`),
    uniqueIndex('projects_contract_key')
      .on(table.contractAddress)
      .where(sql`${table.contractAddress} is not null`),
    index('projects_name_idx').on(sql`lower(${table.projectName})`),
    // Search ("symbol or name contains", any case): trigram indexes serve ILIKE '%term%' (pg_trgm, migration 0007).
    index('projects_code_trgm_idx').using('gin', sql`${table.projectCode} gin_trgm_ops`),
    index('projects_name_trgm_idx').using('gin', sql`${table.projectName} gin_trgm_ops`),
    index('projects_created_idx').on(table.createdOn, table.id),
  ],
);
