import { z } from 'zod';
import { dtxMessages as m, tokenOperationMessages as t } from '../messages.ts';
import { addressPattern, idField } from './fields.ts';
import { accessCodeField, shardedAddressField } from './sharding.ts';

/**
 * Distributed transaction types (part 1, section 4 'Codes'); 5 (reshard) and 6-10 (version 2 tokens: upgrade, owner
 * rotation, whitelist and scheme replacement, issue 35) and 11-13 (enforcement, issue 36) are ours.
 */
export const dtxTypes = {
  pause: 1,
  resume: 2,
  redeem: 3,
  issue: 4,
  reshard: 5,
  upgrade: 6,
  proposeOwner: 7,
  acceptOwner: 8,
  replaceWhitelist: 9,
  replaceScheme: 10,
  freezeAddress: 11,
  freezePartial: 12,
  recoverWallet: 13,
} as const;
export type DtxType = (typeof dtxTypes)[keyof typeof dtxTypes];
export const dtxTypeNames: Record<DtxType, string> = {
  1: 'Pause trading',
  2: 'Resume trading',
  3: 'Redeem tokens',
  4: 'Issue tokens',
  5: 'Reshard key',
  6: 'Upgrade token',
  7: 'Propose new owner',
  8: 'Accept ownership',
  9: 'Replace whitelist',
  10: 'Replace security scheme',
  11: 'Freeze or unfreeze an address',
  12: 'Freeze or unfreeze tokens',
  13: 'Recover a lost wallet',
};

/** The token operations a sharded key may start (all but the reshard, which has its own route). */
export const dtxTokenTypes: readonly number[] = [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13];

/** txStatus values of a distributed transaction (the spec shows names only; the codes are ours). */
export const dtxStatuses = { pending: 1, executing: 2, done: 3, failed: 4, aborted: 5 } as const;
export type DtxStatus = (typeof dtxStatuses)[keyof typeof dtxStatuses];
export const dtxStatusNames: Record<DtxStatus, string> = {
  1: 'Waiting for approvals',
  2: 'Running',
  3: 'Completed',
  4: 'Failed',
  5: 'Aborted',
};

export const dtxPageSize = 10;

const amountField = z
  .union([z.string(), z.number()], { error: t.amountRequired })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, t.amountRequired)
      .regex(/^\d+$/, t.amountInvalid)
      .max(60, t.amountTooLarge)
      .refine((text) => BigInt(text) >= 1n, t.amountTooLow),
  );
const partitionField = z
  .string({ error: t.partitionRequired })
  .trim()
  .min(1, t.partitionRequired)
  .max(66, t.partitionRequired);
const additionalDataField = z.string().trim().max(1000, t.commentTooLong).optional().default('');

export const dtxIssueDataSchema = z.object({
  holderAddress: z
    .string({ error: t.holderRequired })
    .trim()
    .min(1, t.holderRequired)
    .regex(addressPattern, t.holderInvalid)
    .transform((value) => value.toLowerCase()),
  amount: amountField,
  partition: partitionField,
  additionalData: additionalDataField,
});
export const dtxRedeemDataSchema = z.object({
  amount: amountField,
  partition: partitionField,
  additionalData: additionalDataField,
});

const dtxAddress = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(addressPattern, required)
    .transform((value) => value.toLowerCase());

/** Upgrade: to `implementation` in step `step` (the server decides it from the chain when the transaction starts). */
export const dtxUpgradeDataSchema = z.object({
  implementation: dtxAddress(t.accountInvalid),
  step: z.enum(['schedule', 'upgrade']),
});
export const dtxOwnerDataSchema = z.object({ newOwner: dtxAddress(t.accountInvalid) });
export const dtxWhitelistDataSchema = z.object({ whitelistAddress: dtxAddress(t.accountInvalid) });
export const dtxSchemeDataSchema = z.object({ securitySchemeAddress: dtxAddress(t.accountInvalid) });
/** Enforcement (issue 36): an address freeze, a partial freeze of a partition, a lost wallet's recovery. */
export const dtxFreezeDataSchema = z.object({
  holderAddress: dtxAddress(t.holderInvalid),
  /** Stored as text ('true' / 'false') with the distributed transaction. */
  frozen: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: t.holderInvalid })
    .transform((value) => value === true || value === 'true'),
});
export const dtxPartialFreezeDataSchema = z.object({
  holderAddress: dtxAddress(t.holderInvalid),
  partition: partitionField,
  amount: amountField,
  action: z.enum(['freeze', 'unfreeze']),
});
export const dtxRecoveryDataSchema = z.object({
  lostAddress: dtxAddress(t.accountInvalid),
  newAddress: dtxAddress(t.accountInvalid),
});

const dtxId = idField({ required: m.idRequired, invalid: m.idInvalid });

/** POST /dtx: start a token operation of a sharded account (the starter's approval counts). */
/** The longest comment an initiator may give an operation. */
export const dtxCommentMax = 500;

export const startDtxRequestSchema = z.object({
  symbol: z.string({ error: t.symbolRequired }).trim().min(1, t.symbolRequired).max(30, t.symbolRequired),
  accountAddress: shardedAddressField(m.accountRequired, m.accountInvalid),
  accessCode: accessCodeField,
  txType: z
    .union([z.number(), z.string()], { error: m.txTypeRequired })
    .transform((value) => Number(value))
    .refine((value) => dtxTokenTypes.includes(value), m.txTypeInvalid),
  txData: z.record(z.string(), z.unknown()).optional().default({}),
  /** The initiator's note to the other signers (issue 37): shown on every approval card and in the mails. */
  comment: z
    .string()
    .trim()
    .max(dtxCommentMax, m.commentTooLong(dtxCommentMax))
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type StartDtxRequest = z.input<typeof startDtxRequestSchema>;

export const dtxIdResponseSchema = z.object({ id: z.number().int() });

/** PUT /dtx (approve) and DELETE /dtx (abort). */
export const dtxActionRequestSchema = z.object({
  id: dtxId,
  accountAddress: shardedAddressField(m.accountRequired, m.accountInvalid),
  accessCode: accessCodeField,
});
export type DtxActionRequest = z.input<typeof dtxActionRequestSchema>;

const shardPdf = z.object({ profileName: z.string(), emailAddress: z.string(), pdf: z.string() });

/** Answer of an approval: `info` (the new signers' PDFs) when a reshard completed. */
export const approveDtxResponseSchema = z.object({
  id: z.number().int(),
  txStatus: z.number().int(),
  txStatusName: z.string(),
  txHash: z.string().nullable(),
  /** The chain's error lines when running the transaction failed. */
  errorMessage: z.string().optional(),
  info: z
    .object({
      publicAddress: z.string(),
      name: z.string(),
      minimum: z.number().int(),
      total: z.number().int(),
      shares: z.array(shardPdf),
    })
    .optional(),
});
export type ApproveDtxResponse = z.infer<typeof approveDtxResponseSchema>;

export const dtxTokenSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  contractAddress: z.string(),
});

/** A sharded transaction as listed (wrapped under tx; part 1 and part 2, section 3). */
export const dtxListItemSchema = z.object({
  txId: z.number().int(),
  txType: z.number().int(),
  txTypeName: z.string(),
  requiredApprovers: z.number().int(),
  currentApprovers: z.number().int(),
  publicAddress: z.string(),
  startedOn: z.string(),
  startedBy: z.string(),
  txStatus: z.number().int(),
  txStatusName: z.string(),
  token: dtxTokenSchema.nullable(),
  signers: z.array(z.object({ signedBy: z.string(), signedOn: z.string() })),
  approvedByMe: z.boolean(),
  /** When a pending transaction expires (DTX_TTL after its start); null once finished. */
  expiresOn: z.string().nullable(),
});
export type DtxListItem = z.infer<typeof dtxListItemSchema>;

export const pendingDtxResponseSchema = z.object({
  transactions: z.array(z.object({ tx: dtxListItemSchema })),
});
export type PendingDtxResponse = z.infer<typeof pendingDtxResponseSchema>;

export const dtxPageSchema = z.object({
  totalRows: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  transactions: z.array(z.object({ tx: dtxListItemSchema })),
});
export type DtxPage = z.infer<typeof dtxPageSchema>;

export const dtxIdParamsSchema = z.object({ id: dtxId });

/** GET /dtx/{id}: the multi-signature transaction detail (part 2, section 3). */
export const dtxDetailSchema = z.object({
  tx: z.object({
    txId: z.number().int(),
    txType: z.number().int(),
    txTypeName: z.string(),
    txStatus: z.number().int(),
    txStatusName: z.string(),
    startedBy: z.string(),
    startedOn: z.string(),
    finishedOn: z.string().nullable(),
    publicAddress: z.string(),
    approvalSchemeLegend: z.string(),
    requiredApprovers: z.number().int(),
    currentApprovers: z.number().int(),
    txHash: z.string().nullable(),
    blockNumber: z.number().int().nullable(),
    txData: z.record(z.string(), z.string()),
    token: z
      .object({
        symbol: z.string(),
        name: z.string(),
        statusName: z.string(),
        whitelistAddress: z.string(),
        whitelistName: z.string(),
        contractAddress: z.string(),
        schemeAddress: z.string(),
        schemeName: z.string(),
      })
      .nullable(),
  }),
  signers: z.array(z.object({ signedBy: z.string(), signedOn: z.string() })),
  error: z.object({ errorMessage: z.string() }),
});
export type DtxDetail = z.infer<typeof dtxDetailSchema>;
