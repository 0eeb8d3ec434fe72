import { z } from 'zod';
import { bulkOperationMessages as b, tokenOperationMessages as m } from '../messages.ts';
import { addressPattern, idField, requiredAddress } from './fields.ts';
import { tokenAmountSchema } from './tokens.ts';

/**
 * Bulk operations on a live token: issue to many holders, or force many transfers (issue 22); on a version 2 token,
 * freeze or unfreeze many addresses, or amounts of many holders per partition (issue 36).
 */
export const bulkOperations = [
  'issue',
  'force',
  'freezeAddress',
  'unfreezeAddress',
  'freezeTokens',
  'unfreezeTokens',
] as const;
export type BulkOperation = (typeof bulkOperations)[number];

/** The bulk operations of enforcement (issue 36): a version 2 token's owner or controller runs them. */
export const bulkEnforcementOperations = [
  'freezeAddress',
  'unfreezeAddress',
  'freezeTokens',
  'unfreezeTokens',
] as const satisfies readonly BulkOperation[];
export type BulkEnforcementOperation = (typeof bulkEnforcementOperations)[number];
export const isBulkEnforcement = (operation: BulkOperation): operation is BulkEnforcementOperation =>
  (bulkEnforcementOperations as readonly string[]).includes(operation);
/** An address freeze or unfreeze: its rows name only the address (amount and partition are answered empty). */
export const isBulkAddressFreeze = (operation: BulkOperation) =>
  operation === 'freezeAddress' || operation === 'unfreezeAddress';

/** The CSV columns an operation's file needs. */
export const bulkColumnsOf = (operation: BulkOperation): readonly string[] =>
  operation === 'force'
    ? bulkCsvColumns
    : isBulkAddressFreeze(operation)
      ? bulkCsvColumns.slice(0, 1)
      : bulkCsvColumns.slice(0, 3);

/** Most rows one bulk operation takes. */
export const maxBulkRows = 5000;

/**
 * One row as uploaded (CSV columns address, amount, partition; a forced transfer also fromAddress): every field
 * is text and may be wrong; {@link checkBulkRows} words what is wrong with its row number.
 */
export const bulkRowInputSchema = z.object({
  /** The holder issued to, the receiver of a forced transfer, or the holder frozen or unfrozen. */
  address: z.string().optional(),
  amount: z.union([z.string(), z.number()]).optional(),
  partition: z.string().optional(),
  /** Forced transfer only: the holder the tokens are taken from. */
  fromAddress: z.string().optional(),
});
export type BulkRowInput = z.input<typeof bulkRowInputSchema>;

/** The CSV columns of a bulk file (fromAddress only for a forced transfer). */
export const bulkCsvColumns = ['address', 'amount', 'partition', 'fromAddress'] as const;

/** POST /token/bulk. */
export const startBulkRequestSchema = z.object({
  symbol: z.string({ error: m.symbolRequired }).trim().min(1, m.symbolRequired).max(100),
  operation: z.enum(bulkOperations, { error: b.operationInvalid }),
  accountAddress: requiredAddress(m.accountRequired, m.accountInvalid).transform((a) => a.toLowerCase()),
  rows: z
    .array(bulkRowInputSchema, { error: b.rowsRequired })
    .min(1, b.rowsRequired)
    .max(maxBulkRows, b.tooManyRows(maxBulkRows)),
});
export type StartBulkRequest = z.input<typeof startBulkRequestSchema>;
export const startBulkResponseSchema = z.object({ jobId: z.number() });

export const bulkJobParamsSchema = z.object({
  jobId: idField({ invalid: b.notFound }),
});

/** A row that passed the form checks (row = its 1-based number in the upload). */
export type BulkRow = {
  row: number;
  address: string;
  amount: string;
  partition: string;
  fromAddress: string | null;
};
export type BulkRowCheck = { rows: BulkRow[]; errors: { row: number; reason: string }[] };

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * One row's problem, row-numbered, or the row as checked. `seen` holds the address+partition pairs of earlier
 * issue rows: one investor may be issued on several partitions, but only once per partition.
 */
function checkRow(
  operation: BulkOperation,
  raw: BulkRowInput,
  row: number,
  seen: Set<string>,
): string | BulkRow {
  const address = (raw.address ?? '').trim();
  if (address === '') return b.addressRequired(row);
  if (!addressPattern.test(address)) return b.addressInvalid(row);
  if (isBulkAddressFreeze(operation)) {
    const lower = address.toLowerCase();
    if (seen.has(lower)) return b.addressTwiceInFile(row);
    seen.add(lower);
    return { row, address: lower, amount: '', partition: '', fromAddress: null };
  }
  let fromAddress: string | null = null;
  if (operation === 'force') {
    const from = (raw.fromAddress ?? '').trim();
    if (from === '') return b.fromRequired(row);
    if (!addressPattern.test(from)) return b.fromInvalid(row);
    fromAddress = from.toLowerCase();
  }
  const amount = tokenAmountSchema.safeParse(raw.amount ?? '');
  if (!amount.success) return b.amount(row, amount.error.issues[0]?.message ?? m.amountInvalid);
  if (!/^\d+$/.test(amount.data)) return b.amount(row, m.amountInvalid);
  if (BigInt(amount.data) < 1n) return b.amount(row, m.amountTooLow);
  const partition = (raw.partition ?? '').trim();
  if (partition === '') return b.partitionRequired(row);
  if (utf8Length(partition) > 31 && !/^0x[0-9a-fA-F]{64}$/.test(partition)) return b.partitionTooLong(row);
  const lower = address.toLowerCase();
  if (operation !== 'force') {
    const key = `${lower}\u0000${/^0x[0-9a-fA-F]{64}$/.test(partition) ? partition.toLowerCase() : partition}`;
    if (seen.has(key)) return b.addressTwice(row, partition);
    seen.add(key);
  }
  return { row, address: lower, amount: amount.data, partition, fromAddress };
}

/**
 * Checks every row of a bulk upload (the console before start, the server again): each error names its row.
 * Addresses are answered in lower case; for an issue an address given twice for one partition is an error (its
 * second row); the same address on another partition is a row of its own.
 */
export function checkBulkRows(operation: BulkOperation, input: readonly BulkRowInput[]): BulkRowCheck {
  const rows: BulkRow[] = [];
  const errors: { row: number; reason: string }[] = [];
  const seen = new Set<string>();
  input.forEach((raw, index) => {
    const checked = checkRow(operation, raw, index + 1, seen);
    if (typeof checked === 'string') errors.push({ row: index + 1, reason: checked });
    else rows.push(checked);
  });
  return { rows, errors };
}

export const bulkRowStatuses = ['pending', 'checked', 'sending', 'done', 'failed'] as const;
export type BulkRowStatus = (typeof bulkRowStatuses)[number];
export const bulkStates = ['checking', 'running', 'done', 'failed'] as const;

/** GET /token/bulk/{jobId}: progress and the result of every row. */
export const bulkJobSchema = z.object({
  jobId: z.number(),
  symbol: z.string(),
  operation: z.enum(bulkOperations),
  accountAddress: z.string(),
  /** checking (rows being pre-checked), running (transactions being sent), done, failed (stopped). */
  state: z.enum(bulkStates),
  total: z.number(),
  /** Rows whose transaction is mined. */
  done: z.number(),
  /** Rows refused (form, pre-check or chain), each with its reason. */
  failed: z.number(),
  /** Transactions sent. */
  transactions: z.number(),
  /** Why the job stopped, when it did. */
  error: z.string().nullable(),
  rows: z.array(
    z.object({
      row: z.number(),
      address: z.string(),
      fromAddress: z.string().nullable(),
      amount: z.string(),
      partition: z.string(),
      status: z.enum(bulkRowStatuses),
      reason: z.string().nullable(),
      transactionHash: z.string().nullable(),
    }),
  ),
});
export type BulkJob = z.output<typeof bulkJobSchema>;

/** What a bulk upload will do, shown for confirmation before it starts: rows, total per partition, the investors. */
export type BulkSummary = {
  rows: number;
  partitions: { partition: string; total: string }[];
  investors: string[];
};

/** Sums the checked rows per partition (integers, as decimal strings) and lists each investor once. */
export function summariseBulkRows(rows: readonly BulkRow[]): BulkSummary {
  const totals = new Map<string, bigint>();
  const investors = new Set<string>();
  for (const row of rows) {
    totals.set(row.partition, (totals.get(row.partition) ?? 0n) + BigInt(row.amount));
    investors.add(row.address);
  }
  return {
    rows: rows.length,
    partitions: [...totals].map(([partition, total]) => ({ partition, total: total.toString() })),
    investors: [...investors],
  };
}
