import { parseAmount } from '@tranche/contracts/units';
import { z } from 'zod';
import { distributionMessages as m } from '../messages.ts';
import { addressPattern, idField, requiredAddress } from './fields.ts';
import { defaultTablePageSize, pageSizeSchema } from './holders.ts';
import { pageNumberSchema, pagedSchema } from './projects.ts';
import { wholeAmountSchema } from './tokens.ts';

/** An amount in base units of the payment token (integers only). */
export const baseUnitAmountSchema = wholeAmountSchema({
  required: m.amountRequired,
  invalid: m.amountInvalid,
  tooLow: m.amountInvalid,
  tooLarge: m.amountTooLarge,
});

const lower = (a: string) => a.toLowerCase();
const address = (required: string, invalid: string) => requiredAddress(required, invalid).transform(lower);

/** POST /snapshots: a record-date register at a block, or at a date (the last block at or before it). */
export const createSnapshotRequestSchema = z
  .object({
    symbol: z.string({ error: m.symbolRequired }).trim().min(1, m.symbolRequired).max(100),
    blockNumber: z.coerce
      .number({ error: m.blockInvalid })
      .int(m.blockInvalid)
      .min(0, m.blockInvalid)
      .optional(),
    date: z.iso.datetime({ offset: true, error: m.dateInvalid }).optional(),
    /** A partition name or its bytes32 hex; absent: all partitions. */
    partition: z.string().trim().min(1).max(66).optional(),
  })
  .refine((body) => (body.blockNumber === undefined) !== (body.date === undefined), {
    message: m.blockOrDate,
    path: ['blockNumber'],
  });
export type CreateSnapshotRequest = z.input<typeof createSnapshotRequestSchema>;

export const snapshotSummarySchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  contractAddress: z.string(),
  /** bytes32 hex of the partition, or null for all partitions. */
  partition: z.string().nullable(),
  partitionName: z.string().nullable(),
  blockNumber: z.number().int(),
  /** ISO time of the record block. */
  blockTime: z.string(),
  /** Distinct holders. */
  holders: z.number().int(),
  /** Rows: (holder, partition) pairs. */
  rows: z.number().int(),
  /** Sum of the balances, decimal string. */
  total: z.string(),
  /** Merkle root over the rows (address, bytes32 partition, uint256 balance), OpenZeppelin StandardMerkleTree form. */
  merkleRoot: z.string(),
  createdOn: z.string(),
});
export type SnapshotSummary = z.output<typeof snapshotSummarySchema>;
export const snapshotListSchema = z.array(snapshotSummarySchema);

export const snapshotIdParamsSchema = z.object({
  id: idField({ invalid: m.snapshotNotFound }),
});
export const snapshotSymbolParamsSchema = z.object({ symbol: z.string().trim().min(1).max(100) });
export const snapshotRowsQuerySchema = z.object({
  page: pageNumberSchema.optional().default(1),
  pageSize: pageSizeSchema.optional().default(defaultTablePageSize),
});

export const snapshotRowSchema = z.object({
  holderAddress: z.string(),
  partition: z.string(),
  partitionName: z.string(),
  balance: z.string(),
  /** Only for callers the access rules allow to see investors' names; otherwise null. */
  legalName: z.string().nullable(),
});
export type SnapshotRow = z.output<typeof snapshotRowSchema>;
export const snapshotDetailSchema = snapshotSummarySchema.extend({
  namesVisible: z.boolean(),
  rowsPage: pagedSchema(snapshotRowSchema),
});
export type SnapshotDetail = z.output<typeof snapshotDetailSchema>;

/** POST /distributions. */
export const createDistributionRequestSchema = z
  .object({
    snapshotId: idField({ invalid: m.snapshotNotFound }),
    /** The issuer's wallet: it funds, may push and reclaims. */
    accountAddress: address(m.accountRequired, m.accountInvalid),
    /** The ERC-20 paid out. */
    asset: address(m.assetRequired, m.assetInvalid),
    amount: baseUnitAmountSchema.optional(),
    amountPerToken: baseUnitAmountSchema.optional(),
    excluded: z.array(address(m.excludedInvalid, m.excludedInvalid)).max(1000).optional().default([]),
    /** Claims are accepted until this time (ISO). */
    deadline: z.iso.datetime({ offset: true, error: m.deadlineInvalid }),
  })
  .refine((body) => (body.amount === undefined) !== (body.amountPerToken === undefined), {
    message: m.amountOrPerToken,
    path: ['amount'],
  });
export type CreateDistributionRequest = z.input<typeof createDistributionRequestSchema>;

export const perHolderSchema = z.object({
  index: z.number().int(),
  holderAddress: z.string(),
  /** Balance at the record block (all the snapshot's partitions). */
  balance: z.string(),
  amount: z.string(),
});
export const distributionSchema = z.object({
  id: z.number().int(),
  snapshotId: z.number().int(),
  symbol: z.string(),
  issuer: z.string(),
  /** The account that created it (its profile name). */
  creator: z.string(),
  asset: z.string(),
  assetSymbol: z.string(),
  assetDecimals: z.number().int(),
  distributorAddress: z.string(),
  /** keccak256 of the Distributor terms. */
  distributionId: z.string(),
  merkleRoot: z.string(),
  nonce: z.string(),
  deadline: z.string(),
  /** What the issuer funds (decimal string, base units). */
  amount: z.string(),
  amountPerToken: z.string().nullable(),
  remainder: z.string(),
  holders: z.number().int(),
  excluded: z.array(z.string()),
  /** On-chain state. Funded: funded with the whole amount (what the escrow holds plus what it paid). */
  funded: z.boolean(),
  /** Funded on-chain with less than the amount: `shortfall` base units are missing (send them to `escrowAddress`). */
  underfunded: z.boolean(),
  shortfall: z.string(),
  escrowAddress: z.string().nullable(),
  reclaimed: z.boolean(),
  /** The chain's latest block is past the claim deadline (by chain time, which a dev chain may move): reclaim is open. */
  deadlinePassed: z.boolean(),
  /** Paid by holders' claims, by pushes, and still held by the Distributor. */
  claimed: z.string(),
  pushed: z.string(),
  remaining: z.string(),
  paidHolders: z.number().int(),
  pushJob: z
    .object({
      id: z.number().int(),
      state: z.string(),
      step: z.string(),
      progress: z.record(z.string(), z.unknown()),
      /** Why a failed push stopped, in words. */
      error: z.string().nullable(),
    })
    .nullable(),
  createdOn: z.string(),
});
export type Distribution = z.output<typeof distributionSchema>;
export const createDistributionResponseSchema = distributionSchema.extend({
  perHolder: z.array(perHolderSchema),
});
export type CreateDistributionResponse = z.output<typeof createDistributionResponseSchema>;
export const distributionListSchema = z.array(distributionSchema);

export const distributionIdParamsSchema = z.object({
  id: idField({ invalid: m.distributionNotFound }),
});
const txRequest = z.object({ from: z.string(), to: z.string(), data: z.string() });
/** POST /distributions/{id}/fund/tx: the wallet approves the asset, then funds. */
export const fundTxResponseSchema = z.object({ approveTx: txRequest, fundTx: txRequest, amount: z.string() });
export const pushRequestSchema = z.object({
  txMode: z.coerce.number({ error: m.pushTxMode }).pipe(z.literal(2, m.pushTxMode)).default(2),
});
export const pushResponseSchema = z.object({ jobId: z.number().int() });
export const reclaimRequestSchema = z.object({
  txMode: z.coerce
    .number({ error: m.reclaimTxMode })
    .pipe(z.union([z.literal(1), z.literal(2)], m.reclaimTxMode)),
});
export const reclaimResponseSchema = z.object({
  txData: txRequest.nullable(),
  transactionHash: z.string().nullable(),
});

export const claimsParamsSchema = z.object({ address: address(m.accountRequired, m.accountInvalid) });
export const openClaimSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  distributorAddress: z.string(),
  asset: z.string(),
  assetSymbol: z.string(),
  assetDecimals: z.number().int(),
  deadline: z.string(),
  index: z.number().int(),
  amount: z.string(),
  proof: z.array(z.string()),
  /** Distributor.claim arguments: terms tuple as strings. */
  terms: z.object({
    issuer: z.string(),
    asset: z.string(),
    deadline: z.string(),
    nonce: z.string(),
    root: z.string(),
  }),
  /** Ready-made claim transaction for the wallet. */
  claimTx: txRequest,
});
export type OpenClaim = z.output<typeof openClaimSchema>;
export const claimsResponseSchema = z.array(openClaimSchema);

/**
 * The console's new-register form: an existing register, or a new one at a record block or a record date
 * (a local date and time, as a datetime-local field gives it). Same messages as POST /snapshots.
 */
export const snapshotFormSchema = z
  .object({
    source: z.enum(['existing', 'block', 'date']),
    snapshotId: z.string().optional().default(''),
    blockNumber: z.string().optional().default(''),
    date: z.string().optional().default(''),
    /** A partition name; blank: all partitions. */
    partition: z.string().optional().default(''),
  })
  .superRefine((form, issue) => {
    if (form.source === 'existing' && !/^\d+$/.test(form.snapshotId))
      issue.addIssue({ code: 'custom', message: m.snapshotNotFound, path: ['snapshotId'] });
    if (form.source === 'block' && !/^\d+$/.test(form.blockNumber.trim()))
      issue.addIssue({ code: 'custom', message: m.blockInvalid, path: ['blockNumber'] });
    if (form.source === 'date' && Number.isNaN(Date.parse(form.date)))
      issue.addIssue({ code: 'custom', message: m.dateInvalid, path: ['date'] });
  });
export type SnapshotForm = z.input<typeof snapshotFormSchema>;

/** One address per line (or separated by commas or spaces); blank lines are ignored. */
export function addressList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * The console's distribution terms: the payment token, a total or a per-token amount (the token's units), the
 * excluded addresses (one a line) and the claim deadline (local date and time). Same rules as POST /distributions:
 * the deadline is judged by `now` (milliseconds), the chain's clock (GET /health's chainTime), as the server and the
 * Distributor judge it; a dev chain's clock may run ahead of the wall clock.
 */
export const distributionFormSchema = (now: () => number) =>
  z.object({
    asset: address(m.assetRequired, m.assetInvalid),
    basis: z.enum(['total', 'perToken']),
    /** In the payment token's units (35,250.00); {@link distributionBaseUnits} turns it into base units. */
    amount: z
      .string({ error: m.amountRequired })
      .trim()
      .min(1, m.amountRequired)
      .refine((text) => parseAmount(text, 78) !== null, m.amountUnitsInvalid),
    excluded: z
      .string()
      .optional()
      .default('')
      .transform(addressList)
      .refine(
        (list) => list.length <= 1000 && list.every((item) => addressPattern.test(item)),
        m.excludedInvalid,
      )
      .transform((list) => list.map(lower)),
    deadline: z
      .string({ error: m.deadlineInvalid })
      .refine((text) => !Number.isNaN(Date.parse(text)), m.deadlineInvalid)
      .refine((text) => Date.parse(text) > now(), m.deadlineInPast)
      .transform((text) => new Date(text).toISOString()),
  });
export type DistributionForm = z.input<ReturnType<typeof distributionFormSchema>>;

/**
 * The terms form's amount in base units of a payment token with `decimals` (parseUnits semantics: nothing rounded),
 * or the message that says what is wrong with it.
 */
export function distributionBaseUnits(
  amount: string,
  decimals: number,
): { ok: true; units: string } | { ok: false; message: string } {
  const units = parseAmount(amount, decimals);
  if (units === null) {
    return {
      ok: false,
      message: parseAmount(amount, 78) === null ? m.amountUnitsInvalid : m.amountTooPrecise(decimals),
    };
  }
  if (units === 0n) return { ok: false, message: m.amountZero };
  return { ok: true, units: units.toString() };
}
