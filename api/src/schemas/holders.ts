import { z } from 'zod';
import { tokenScreenTexts } from '../messages.ts';
import { pageNumberSchema, pagedSchema } from './projects.ts';

/** Default and largest page sizes of the holders and history tables. */
export const defaultTablePageSize = 50;
export const maxTablePageSize = 1000;

export const pageSizeSchema = z.preprocess((value) => {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  if (!/^\d+$/.test(text)) return defaultTablePageSize;
  return Math.min(Math.max(Number(text), 1), maxTablePageSize);
}, z.number().int());

export const sortOrderSchema = z.enum(['asc', 'desc']).catch('desc');

export const holderSortColumns = ['balance', 'holderAddress', 'legalName'] as const;
export type HolderSortColumn = (typeof holderSortColumns)[number];

/**
 * A position in a sorted holders list, from `firstCursor` or `lastCursor` of an answer: opaque to clients.
 * Paging on with it (`after` the last row, `before` the first) costs the same on every page, where `page`
 * alone skips the rows before it.
 */
export const holdersCursorSchema = z
  .string()
  .trim()
  .max(1000, tokenScreenTexts.cursorInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, tokenScreenTexts.cursorInvalid);

/**
 * GET /holders/{code}/{partition}?page&pageSize&sort&order[&after|&before] (partition: its name or bytes32 hex).
 * With a cursor, `page` only numbers the answer (currentPage).
 */
export const holdersParamsSchema = z.object({
  code: z.string().trim().min(1).max(100),
  partition: z.string().trim().min(1).max(100),
});
export const holdersQuerySchema = z.object({
  page: pageNumberSchema.optional().default(1),
  pageSize: pageSizeSchema.optional().default(defaultTablePageSize),
  sort: z.enum(holderSortColumns).catch('balance').optional().default('balance'),
  order: sortOrderSchema.optional().default('desc'),
  after: holdersCursorSchema.optional(),
  before: holdersCursorSchema.optional(),
});

/**
 * Not final yet: the balance changed in a block above head - INDEXER_CONFIRMATIONS (ours; always false when the
 * server shows every block as final).
 */
export const unconfirmedField = () => z.boolean();

/** A holder (spec part 1, section 3); balance in tokens as a decimal string. */
export const holderSchema = z.object({
  holderAddress: z.string(),
  balance: z.string(),
  legalName: z.string().nullable(),
  verificationTransactionHash: z.string().nullable(),
  unconfirmed: unconfirmedField(),
  /** Version 2 tokens (issue 36): the holder's frozen tokens in this partition, read from the chain. */
  frozen: z.string().optional(),
  /** Version 2 tokens: the address is frozen (it can neither send nor receive). */
  addressFrozen: z.boolean().optional(),
  /** Version 2 tokens (issue 36, from the index): the lost wallet this one replaced in a recovery. */
  recoveredFrom: z.string().optional(),
  /** Version 2 tokens (from the index): the wallet this lost one was recovered to (refused for ever). */
  recoveredTo: z.string().optional(),
});
export type Holder = z.output<typeof holderSchema>;

/** The paged envelope plus the cursors of the first and last row of the page (null when it is empty). */
export const holdersResponseSchema = pagedSchema(holderSchema).extend({
  firstCursor: z.string().nullable(),
  lastCursor: z.string().nullable(),
});
export type HoldersResponse = z.output<typeof holdersResponseSchema>;

/** GET /tokenstats/{code}: the token dashboard's figures, from the indexed balances. */
export const tokenStatsParamsSchema = z.object({ code: z.string().trim().min(1).max(100) });

/** How many of the largest holders the dashboard names; the rest are summed. */
export const topHoldersCount = 10;

/**
 * The dashboard's figures: addresses holding any partition, investors verified on the token's whitelist, each
 * partition's supply (decimal string) and holders, and the largest holders across partitions (names only for
 * those who may see the token's investor data) with the balance of everyone else.
 */
/** The kinds of dated things the dashboard's "Next scheduled action" tile names. */
export const scheduledActionKinds = ['claimDeadline', 'lockupEnd', 'kycExpiry', 'approvalExpiry'] as const;
export type ScheduledActionKind = (typeof scheduledActionKinds)[number];

/**
 * The token's next dated thing after now (the later of the server's and the chain's clock): a distribution's claim
 * deadline (`subject` its number), the end of a lock-up in force (the partition's name, or '' for the whole token), a
 * KYC record's expiry on the token's whitelist (the legal name where the viewer may see it, else the address), or a
 * pending approval's expiry (its number). `at` is Unix seconds.
 */
export const scheduledActionSchema = z.object({
  kind: z.enum(scheduledActionKinds),
  at: z.number().int(),
  subject: z.string(),
});
export type ScheduledAction = z.output<typeof scheduledActionSchema>;

export const tokenStatsSchema = z.object({
  /** The next scheduled action, or null when nothing is scheduled. */
  nextAction: scheduledActionSchema.nullable(),
  holders: z.number().int(),
  investors: z.number().int().nullable(),
  partitions: z.array(
    z.object({ value: z.string(), name: z.string(), supply: z.string(), holders: z.number().int() }),
  ),
  topHolders: z.array(
    z.object({ holderAddress: z.string(), legalName: z.string().nullable(), balance: z.string() }),
  ),
  restBalance: z.string(),
});
export type TokenStats = z.output<typeof tokenStatsSchema>;

/** The ranges of the dashboard's "Supply and holders over time": the last 30 days, the last year, all of it. */
export const tokenHistoryRanges = ['30d', '1y', 'all'] as const;
export type TokenHistoryRange = (typeof tokenHistoryRanges)[number];

export const tokenHistoryQuerySchema = z.object({
  range: z.enum(tokenHistoryRanges).catch('30d').optional().default('30d'),
});

/**
 * GET /tokenstats/{code}/history?range: the token's total supply and number of holders (addresses holding any
 * partition) at the end of each UTC day (YYYY-MM-DD) from `from` to `to` on which they changed, from the indexed
 * balance changes; the first point is `from` itself when the token had holders or supply before the range. `to` is
 * today (the later of the server's and the chain's clock); with the range `all`, `from` is the day of the first change.
 */
export const tokenHistorySchema = z.object({
  range: z.enum(tokenHistoryRanges),
  from: z.string(),
  to: z.string(),
  points: z.array(z.object({ day: z.string(), supply: z.string(), holders: z.number().int() })),
});
export type TokenHistory = z.output<typeof tokenHistorySchema>;

/** How many people a holder search answers at most. */
export const holderSearchLimit = 8;

/**
 * GET /holder-search/{code}?q: the token's register (the investors its whitelist verifies and the addresses holding
 * any partition) whose legal name contains `q` or whose address starts with it, for picking a holder by name or
 * address. Names are searched and answered only for those who may see the token's investor data.
 */
export const holderSearchParamsSchema = z.object({ code: z.string().trim().min(1).max(100) });
export const holderSearchQuerySchema = z.object({ q: z.string().trim().max(100).optional().default('') });
export const holderSearchResponseSchema = z.object({
  holders: z.array(
    z.object({
      holderAddress: z.string(),
      legalName: z.string().nullable(),
      /** Over all partitions, in tokens (decimal string); '0' for a verified investor holding none. */
      balance: z.string(),
    }),
  ),
});
export type HolderSearchResponse = z.output<typeof holderSearchResponseSchema>;
export type HolderSearchResult = HolderSearchResponse['holders'][number];
