import { z } from 'zod';
import { balanceMessages, inputMessages } from '../messages.ts';
import { maxBlockNumber, maxUnixSeconds, requiredAddress } from './fields.ts';
import { defaultTablePageSize, pageSizeSchema, sortOrderSchema, unconfirmedField } from './holders.ts';
import { pageNumberSchema, pagedSchema } from './projects.ts';

const address = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, balanceMessages.addressInvalid);

/** GET /balance/{code}/{address}[/{blockNumber}]: block 0 or non-numeric = current. */
export const balanceParamsSchema = z.object({
  code: z.string().trim().min(1).max(100),
  address,
  blockNumber: z
    .string()
    .optional()
    .transform((text) => (text && /^\d+$/.test(text.trim()) ? Number(text.trim()) : 0))
    .refine((block) => block <= maxBlockNumber, inputMessages.blockNumberInvalid),
});

/** A partition balance row (spec part 1, section 3). */
export const partitionBalanceSchema = z.object({
  partition: z.string(),
  partitionName: z.string(),
  balance: z.string(),
  unconfirmed: unconfirmedField(),
});
export type PartitionBalance = z.output<typeof partitionBalanceSchema>;

export const balanceResponseSchema = z.object({
  blockNumber: z.number().int(),
  balances: z.array(partitionBalanceSchema),
});
export type BalanceResponse = z.output<typeof balanceResponseSchema>;

/** Unix seconds, bounded (a larger number is no date). */
const timestamp = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/, balanceMessages.timestampInvalid)
  .transform((text) => Number(text))
  .refine((seconds) => seconds <= maxUnixSeconds, balanceMessages.timestampInvalid);

export const historySortColumns = ['blockNumber', 'balance', 'partitionName', 'blockTimestamp'] as const;
export type HistorySortColumn = (typeof historySortColumns)[number];

/** GET /balance/history/{code}/{address}/{fromTimestamp}/{toTimestamp} (unix seconds, both included). */
export const balanceHistoryParamsSchema = z.object({
  code: z.string().trim().min(1).max(100),
  address,
  fromTimestamp: timestamp,
  toTimestamp: timestamp,
});
export const balanceHistoryQuerySchema = z.object({
  page: pageNumberSchema.optional().default(1),
  pageSize: pageSizeSchema.optional().default(defaultTablePageSize),
  sort: z.enum(historySortColumns).catch('blockNumber').optional().default('blockNumber'),
  order: sortOrderSchema.optional().default('desc'),
});

/** A balance history row (spec part 1, section 3): the balance of the partition after the event. */
export const balanceHistoryRowSchema = z.object({
  balance: z.string(),
  delta: z.string(),
  partition: z.string(),
  partitionName: z.string(),
  blockTimestamp: z.number().int(),
  blockNumber: z.number().int(),
  blockDate: z.string(),
  transactionHash: z.string(),
});
export type BalanceHistoryRow = z.output<typeof balanceHistoryRowSchema>;
export const balanceHistoryResponseSchema = pagedSchema(balanceHistoryRowSchema);
export type BalanceHistoryResponse = z.output<typeof balanceHistoryResponseSchema>;

/** The Balance tab's check form: address, optional block number (non-numeric = 0 = current). */
export const balanceCheckFormSchema = z.object({
  address: requiredAddress(balanceMessages.addressRequired, balanceMessages.addressInvalid),
  blockNumber: z
    .string()
    .optional()
    .transform((text) => (text && /^\d+$/.test(text.trim()) ? Number(text.trim()) : 0))
    .refine((block) => block <= maxBlockNumber, inputMessages.blockNumberInvalid),
});
export type BalanceCheckForm = z.input<typeof balanceCheckFormSchema>;
