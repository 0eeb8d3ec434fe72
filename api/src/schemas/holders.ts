import { z } from 'zod';
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

/** GET /holders/{code}/{partition}?page&pageSize&sort&order (partition: its name or bytes32 hex). */
export const holdersParamsSchema = z.object({
  code: z.string().trim().min(1).max(100),
  partition: z.string().trim().min(1).max(100),
});
export const holdersQuerySchema = z.object({
  page: pageNumberSchema.optional().default(1),
  pageSize: pageSizeSchema.optional().default(defaultTablePageSize),
  sort: z.enum(holderSortColumns).catch('balance').optional().default('balance'),
  order: sortOrderSchema.optional().default('desc'),
});

/** A holder (spec part 1, section 3); balance in tokens as a decimal string. */
export const holderSchema = z.object({
  holderAddress: z.string(),
  balance: z.string(),
  legalName: z.string().nullable(),
  verificationTransactionHash: z.string().nullable(),
});
export type Holder = z.output<typeof holderSchema>;

export const holdersResponseSchema = pagedSchema(holderSchema);
export type HoldersResponse = z.output<typeof holdersResponseSchema>;
