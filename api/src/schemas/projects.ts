import { z } from 'zod';
import { inputMessages } from '../messages.ts';
import { maxPageNumber, textField } from './fields.ts';
import { tokenV2StateSchema } from './tokenV2.ts';

/**
 * A page number from a query string: below 1, missing or non-numeric becomes 1 (spec part 1, section 5).
 */
export const pageNumberSchema = z.preprocess(
  (value) => {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^\d+$/.test(text)) return 1;
    const number = Number(text);
    return number >= 1 ? number : 1;
  },
  z.number().int().max(maxPageNumber, inputMessages.pageTooLarge),
);

/** The paged answer of search, holders and history: `{totalRows, totalPages, currentPage, pageSize, pagedResults}`. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    totalRows: z.number().int(),
    totalPages: z.number().int(),
    currentPage: z.number().int(),
    pageSize: z.number().int(),
    pagedResults: z.array(item),
  });
}
export type Paged<T> = {
  totalRows: number;
  totalPages: number;
  currentPage: number;
  pageSize: number;
  pagedResults: T[];
};

/** Tokens per page of GET /projects/search (the spec leaves the page size to the server). */
export const projectsPageSize = 10;

/** GET /projects/search?page&term: a blank term lists every token. */
export const searchProjectsQuerySchema = z.object({
  page: pageNumberSchema.optional().default(1),
  term: textField()
    .optional()
    .transform((term) => (term ?? '').trim().slice(0, 200)),
});

/** A token in the list (spec part 1, section 3). Addresses are lower-cased; zero controller is null. */
export const projectListItemSchema = z.object({
  projectCode: z.string(),
  projectName: z.string(),
  contractAddress: z.string().nullable(),
  ownerAddress: z.string().nullable(),
  controllerAddress: z.string().nullable(),
  whitelistName: z.string().nullable(),
  whitelistAddress: z.string().nullable(),
  projectStatus: z.number().int(),
  projectStatusDescription: z.string(),
});
export type ProjectListItem = z.output<typeof projectListItemSchema>;

export const searchProjectsResponseSchema = pagedSchema(projectListItemSchema);
export type SearchProjectsResponse = z.output<typeof searchProjectsResponseSchema>;

export const projectCodeParamsSchema = z.object({ code: z.string().trim().min(1).max(100) });

/** A partition of a token: its bytes32 value and its readable name (the decoded value, or the hex). */
export const tokenPartitionSchema = z.object({ value: z.string(), name: z.string() });
export type TokenPartition = z.output<typeof tokenPartitionSchema>;

/** A document (ERC-1643): id = the bytes32 encoded title. */
export const tokenDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  uri: z.string(),
  hash: z.string(),
});
export type TokenDocument = z.output<typeof tokenDocumentSchema>;

/**
 * GET /projects/{code}: the list fields plus abi, partitions, profileName (owner's profile), isControllable,
 * controllerName, and the on-chain values (isPaused, isIssuable, totalSupply, owner, documents). On-chain values
 * are null for a draft.
 */
export const projectDetailSchema = projectListItemSchema.extend({
  abi: z.array(z.unknown()),
  partitions: z.array(tokenPartitionSchema),
  profileName: z.string().nullable(),
  isControllable: z.boolean(),
  controllerName: z.string().nullable(),
  securitySchemeAddress: z.string().nullable(),
  isPaused: z.boolean().nullable(),
  isIssuable: z.boolean().nullable(),
  totalSupply: z.string().nullable(),
  documents: z.array(tokenDocumentSchema),
  /** The last block the indexer has read for this token (null before its first pass). */
  indexedBlock: z.number().int().nullable(),
  /** The token codebase's version: 1 (its own contract) or 2 (upgradeable proxy); absent reads as 1. */
  tokenVersion: z.number().int().optional(),
  /** Version 2 only: its implementation, whether an upgrade is available and what it changes, the pending owner. */
  tokenV2: tokenV2StateSchema.nullable().optional(),
});
export type ProjectDetail = z.output<typeof projectDetailSchema>;
