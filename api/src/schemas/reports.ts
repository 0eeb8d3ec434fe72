import { z } from 'zod';
import { auditMessages, tokenOperationMessages } from '../messages.ts';

/**
 * Reports of a token at a block (issue 37): the block's rules say what the audit trail's say. Here, not in
 * messages.ts, which every route of the console loads: only the reports and their schemas need the new text.
 */
export const reportMessages = {
  /** /Reports opened without a token (from the navigation's Reports menu): the symbol asked for. */
  symbolRequired: tokenOperationMessages.symbolRequired,
  blockInvalid: auditMessages.blockInvalid,
  blockInFuture: auditMessages.blockInFuture,
  blockNotIndexed: auditMessages.blockNotIndexed,
  notIndexed: 'The token has not been indexed yet; try again in a moment',
} as const;
const m = reportMessages;

/** GET /reports/{code}/...: the token by its symbol. */
export const reportParamsSchema = z.object({ code: z.string().trim().min(1).max(100) });

/** ?block=N: the block the report is at; without it, the latest block the indexer has read. */
export const reportQuerySchema = z.object({
  block: z.coerce.number({ error: m.blockInvalid }).int(m.blockInvalid).min(0, m.blockInvalid).optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The block a report is at and the latest one it could be at. */
const reportBlock = {
  blockNumber: z.number().int(),
  /** ISO time of the block. */
  blockTime: z.string(),
  /** The latest block the indexer has read for the token (the default). */
  headBlock: z.number().int(),
};

/** Hundredths of a percent as text: 1234 → '12.34'. */
const percentOf = (hundredths: bigint) =>
  `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;

/**
 * `part` as a percentage of `whole` with two decimals, by integer arithmetic (rounded to the nearest, halves up):
 * '12.34'. '0.00' when the whole is zero.
 */
export function sharePercent(part: bigint | string, whole: bigint | string): string {
  const total = BigInt(whole);
  if (total <= 0n) return '0.00';
  return percentOf((BigInt(part) * 20_000n + total) / (2n * total));
}

/**
 * The shares of `parts` in their sum as percentages with two decimals that add up to exactly 100.00 (largest
 * remainder, as the ui-kit's share charts count them); all '0.00' when the sum is zero.
 */
export function sharesPercent(parts: readonly bigint[]): string[] {
  const total = parts.reduce((sum, part) => sum + part, 0n);
  if (total <= 0n) return parts.map(() => '0.00');
  const exact = parts.map((part, index) => ({
    index,
    floor: (part * 10_000n) / total,
    remainder: (part * 10_000n) % total,
  }));
  let left = 10_000n - exact.reduce((sum, e) => sum + e.floor, 0n);
  const extra = new Set<number>();
  for (const e of [...exact].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  )) {
    if (left <= 0n) break;
    if (e.remainder === 0n) continue;
    extra.add(e.index);
    left -= 1n;
  }
  return exact.map((e) => percentOf(e.floor + (extra.has(e.index) ? 1n : 0n)));
}

export const capTablePartitionSchema = z.object({
  /** bytes32 hex. */
  value: z.string(),
  name: z.string(),
  supply: z.string(),
  holders: z.number().int(),
});

export const capTableRowSchema = z.object({
  holderAddress: z.string(),
  /** The legal name of the holder's whitelist record, for viewers who may read the records; null otherwise. */
  legalName: z.string().nullable(),
  /** Balance in each partition of `partitions`, in the same order ('0' where none). */
  balances: z.array(z.string()),
  total: z.string(),
  /** Of the total supply, in percent with two decimals. */
  share: z.string(),
});

/** GET /reports/{code}/cap-table: partitions × holders at a block, largest holders first. */
export const capTableSchema = z.object({
  symbol: z.string(),
  tokenName: z.string(),
  contractAddress: z.string(),
  ...reportBlock,
  totalSupply: z.string(),
  namesVisible: z.boolean(),
  partitions: z.array(capTablePartitionSchema),
  holders: z.array(capTableRowSchema),
});
export type CapTable = z.infer<typeof capTableSchema>;

/** How many of the largest holders the concentration report names. */
export const concentrationTopCount = 10;
/** The cumulative shares the concentration report gives: of the largest 1, 5, 10 and 20 holders. */
export const concentrationSteps = [1, 5, 10, 20] as const;

/** GET /reports/{code}/concentration: how much of the supply the largest holders hold, at a block. */
export const concentrationSchema = z.object({
  symbol: z.string(),
  ...reportBlock,
  totalSupply: z.string(),
  holders: z.number().int(),
  namesVisible: z.boolean(),
  top: z.array(
    z.object({
      holderAddress: z.string(),
      legalName: z.string().nullable(),
      balance: z.string(),
      share: z.string(),
    }),
  ),
  restBalance: z.string(),
  restShare: z.string(),
  /** The share of the largest `count` holders, for each of {@link concentrationSteps} there are as many holders for. */
  cumulative: z.array(z.object({ count: z.number().int(), balance: z.string(), share: z.string() })),
});
export type Concentration = z.infer<typeof concentrationSchema>;

/** GET /reports/{code}/distributions: the distributions whose record block is at or before the block. */
export const distributionHistorySchema = z.object({
  symbol: z.string(),
  ...reportBlock,
  distributions: z.array(
    z.object({
      id: z.number().int(),
      asset: z.string(),
      assetSymbol: z.string(),
      assetDecimals: z.number().int(),
      amount: z.string(),
      recordBlock: z.number().int(),
      /** ISO time of the record block. */
      recordDate: z.string(),
      deadline: z.string(),
      holders: z.number().int(),
      /** Paid by holders' claims, by pushes, held by the escrow (base units of the asset), and whether reclaimed, at the end of the report's block. */
      claimed: z.string(),
      pushed: z.string(),
      remaining: z.string(),
      reclaimed: z.boolean(),
    }),
  ),
});
export type DistributionHistory = z.infer<typeof distributionHistorySchema>;
