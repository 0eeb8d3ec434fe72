import { z } from 'zod';
import { transactionRecordMessages } from '../messages.ts';
import { addressPattern } from './fields.ts';
import { ruleSchema } from './rules.ts';

/**
 * Types of the transactions an account runs (GET /account/transactions pageData.txType). The spec fixes
 * 1 (contract deployment: security schemes, whitelists, tokens) and 3 (access right change); the others
 * are Tranche's own codes for the token operations and whitelist updates.
 */
export const txTypes = {
  contractDeployment: 1,
  whitelistUpdate: 2,
  accessRightChange: 3,
  tokenIssue: 4,
  tokenRedeem: 5,
  pauseTrading: 6,
  resumeTrading: 7,
  forceTransfer: 8,
  controllerRedeem: 9,
  removeController: 10,
  addDocument: 11,
  removeDocument: 12,
  authorizeOperator: 13,
  revokeOperator: 14,
  setRules: 15,
  tokenTransfer: 16,
  distributionPayout: 17,
  tokenUpgrade: 18,
  ownerProposal: 19,
  ownerAcceptance: 20,
  whitelistReplacement: 21,
  schemeReplacement: 22,
  addressFreeze: 23,
  partialFreeze: 24,
  walletRecovery: 25,
  distributionFunding: 26,
  distributionClaim: 27,
  distributionReclaim: 28,
  paymentApproval: 29,
} as const;
export type TxType = (typeof txTypes)[keyof typeof txTypes];

/** typeDescription of each txType. */
export const txTypeDescriptions: Record<TxType, string> = {
  1: 'Contract deployment',
  2: 'Whitelist update',
  3: 'Access right change',
  4: 'Token issue',
  5: 'Token redemption',
  6: 'Pause trading',
  7: 'Resume trading',
  8: 'Forced transfer',
  9: 'Controller redemption',
  10: 'Controller removal',
  11: 'Document attached',
  12: 'Document removed',
  13: 'Operator authorized',
  14: 'Operator revoked',
  15: 'Compliance rules set',
  16: 'Token transfer',
  17: 'Distribution payout',
  18: 'Token upgrade',
  19: 'New owner proposed',
  20: 'Ownership accepted',
  21: 'Whitelist replaced',
  22: 'Security scheme replaced',
  23: 'Address frozen or unfrozen',
  24: 'Tokens frozen or unfrozen',
  25: 'Lost wallet recovered',
  26: 'Distribution funded',
  27: 'Distribution claimed',
  28: 'Distribution reclaimed',
  29: 'Payment token approved',
};

export const txTypeCodes = Object.values(txTypes) as TxType[];

export function isTxType(code: number): code is TxType {
  return (txTypeCodes as number[]).includes(code);
}

/** The description of a code; an unknown code reads 'Type {code}'. */
export function describeTxType(code: number): string {
  return isTxType(code) ? txTypeDescriptions[code] : `Type ${code}`;
}

/**
 * relatedAssetClassId of a listed transaction: the kind of the contract it touched (the codebase types:
 * 1 token, 2 whitelist, 3 security scheme); 0 when the contract is not one the platform knows.
 */
export const assetClasses = { none: 0, token: 1, whitelist: 2, securityScheme: 3 } as const;
export type AssetClass = (typeof assetClasses)[keyof typeof assetClasses];

/** A 0x transaction hash (32 bytes), answered lower-cased. */
export const transactionHashPattern = /^0x[0-9a-fA-F]{64}$/;

export function transactionHashField() {
  return z
    .string({ error: transactionRecordMessages.hashRequired })
    .trim()
    .min(1, transactionRecordMessages.hashRequired)
    .regex(transactionHashPattern, transactionRecordMessages.hashInvalid)
    .transform((value) => value.toLowerCase());
}

/** An optional address: missing, null, '' and the zero address mean none (null); otherwise lower-cased. */
function optionalAddress(invalid: string) {
  return z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().refine((value) => value === '' || addressPattern.test(value), invalid))
    .transform((value) => (value === '' || /^0x0{40}$/.test(value) ? null : value.toLowerCase()));
}

/**
 * POST /account/transactions: `{transactionHash, contractAddress, publicAddress, txType}` records a
 * transaction of the account; `{transactionHash, contractAddress, isUpdate: true}` sets the contract address
 * of one it recorded already (a deployment once its receipt is in).
 */
export const recordAccountTransactionRequestSchema = z
  .object({
    transactionHash: transactionHashField(),
    contractAddress: optionalAddress(transactionRecordMessages.contractInvalid),
    publicAddress: optionalAddress(transactionRecordMessages.publicAddressInvalid),
    txType: z
      .number({ error: transactionRecordMessages.txTypeInvalid })
      .int(transactionRecordMessages.txTypeInvalid)
      .refine(isTxType, transactionRecordMessages.txTypeInvalid)
      .optional(),
    isUpdate: z.boolean().optional(),
  })
  .superRefine((request, issues) => {
    if (request.isUpdate) {
      if (request.contractAddress === null)
        issues.addIssue({
          code: 'custom',
          path: ['contractAddress'],
          message: transactionRecordMessages.contractRequired,
        });
      return;
    }
    if (request.publicAddress === null)
      issues.addIssue({
        code: 'custom',
        path: ['publicAddress'],
        message: transactionRecordMessages.publicAddressRequired,
      });
    if (request.txType === undefined)
      issues.addIssue({
        code: 'custom',
        path: ['txType'],
        message: transactionRecordMessages.txTypeRequired,
      });
  });
export type RecordAccountTransactionRequest = z.input<typeof recordAccountTransactionRequestSchema>;

/** POST /transactions/hash. */
export const recordTransactionHashRequestSchema = z.object({ transactionHash: transactionHashField() });
export type RecordTransactionHashRequest = z.input<typeof recordTransactionHashRequestSchema>;

/**
 * POST /transactions/receipt: the wallet's receipt. Only its hash is read (`transactionHash`, or `hash` as
 * ethers names it); the server fetches the receipt from the chain itself and answers that one.
 */
export const recordTransactionReceiptRequestSchema = z.object({
  receipt: z
    .looseObject(
      {
        transactionHash: z.string({ error: transactionRecordMessages.hashInvalid }).optional(),
        hash: z.string({ error: transactionRecordMessages.hashInvalid }).optional(),
      },
      { error: transactionRecordMessages.hashRequired },
    )
    .transform((receipt) => receipt.transactionHash ?? receipt.hash ?? '')
    .pipe(transactionHashField()),
});
export type RecordTransactionReceiptRequest = z.input<typeof recordTransactionReceiptRequestSchema>;

/**
 * A transaction receipt as the chain holds it. A transaction without a receipt yet (or unknown to the chain)
 * has the empty defaults: empty strings and 0 (`mined` false). A null contractAddress or to become ''.
 */
export const transactionReceiptSchema = z.object({
  mined: z.boolean(),
  blockHash: z.string(),
  blockNumber: z.number().int(),
  contractAddress: z.string(),
  from: z.string(),
  to: z.string(),
  transactionIndex: z.number().int(),
  /** 1 success, 0 reverted (or not mined). */
  status: z.number().int(),
  /** Decimal string; '' when not mined. */
  gasUsed: z.string(),
});
export type TransactionReceipt = z.output<typeof transactionReceiptSchema>;

export const emptyReceipt: TransactionReceipt = {
  mined: false,
  blockHash: '',
  blockNumber: 0,
  contractAddress: '',
  from: '',
  to: '',
  transactionIndex: 0,
  status: 0,
  gasUsed: '',
};

/** GET /transactions/{hash}: a transaction recorded by the account, with its receipt and confirmations. */
/** One compliance rule in force (a RulesSet of the token; `scope` 'token' or a partition's name), as GET /token/rules
 * shows a rule, without the holder count. */
export const ruleInForceSchema = ruleSchema
  .omit({ holders: true })
  .extend({ scope: z.string(), setAtBlock: z.number().int(), setBy: z.string() });
export type RuleInForce = z.output<typeof ruleInForceSchema>;

export const transactionDetailSchema = z.object({
  transactionHash: z.string(),
  receipt: transactionReceiptSchema,
  /** Blocks on top of (and including) the transaction's block; 0 when not mined. */
  confirmations: z.number().int(),
  txType: z.number().int(),
  typeDescription: z.string(),
  /**
   * The rules of the token the transaction was sent to, as in force when it was mined (issue 38: the indexed
   * RulesSet history; `rules` empty: no rules). Null when it is not mined or not sent to a token of the platform.
   */
  rulesInForce: z
    .object({ symbol: z.string(), blockNumber: z.number().int(), rules: z.array(ruleInForceSchema) })
    .nullable()
    .optional(),
});
export type TransactionDetail = z.output<typeof transactionDetailSchema>;

export const transactionHashParamsSchema = z.object({ hash: transactionHashField() });

/** A page number in a path: anything but a whole number of at least 1 reads as 1. */
export const pageNumberField = z
  .string()
  .optional()
  .transform((value) => {
    const text = (value ?? '').trim();
    const page = /^\d{1,9}$/.test(text) ? Number(text) : 0;
    return Math.max(page, 1);
  });

export const pageParamsSchema = z.object({ page: pageNumberField });

/** Where a listed transaction stands on the chain: not mined yet (or unknown to it), mined, mined and reverted. */
export const transactionStatuses = ['pending', 'mined', 'reverted'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
export const transactionStatusNames: Record<TransactionStatus, string> = {
  pending: 'Pending',
  mined: 'Mined',
  reverted: 'Reverted',
};

/**
 * What a listed transaction did, decoded from its mined receipt's events (issue 34): `what` in words (e.g.
 * 'Issued 1,000 DEP to Alice Ltd on partition Common'), the amount formatted in the token's or asset's units, the
 * counterparty (checksummed) with its whitelisted name when the viewer may see investor data, and the partition.
 * Fields the operation has not are ''.
 */
export const transactionEffectSchema = z.object({
  what: z.string(),
  amount: z.string(),
  counterparty: z.string(),
  counterpartyName: z.string(),
  partition: z.string(),
});
export type TransactionEffect = z.output<typeof transactionEffectSchema>;

/** One row of My transactions. Addresses and the asset class name are '' when unknown. */
export const accountTransactionSchema = z.object({
  id: z.number().int(),
  transactionHash: z.string(),
  txType: z.number().int(),
  typeDescription: z.string(),
  contractAddress: z.string(),
  publicAddress: z.string(),
  createdOn: z.string(),
  updatedOn: z.string(),
  relatedAssetClassId: z.number().int(),
  relatedAssetClassName: z.string(),
  /**
   * Added by issue 34: the token the row concerns (a distribution's funding, claims, pushes and reclaim concern its
   * token, not the Distributor they call) and its symbol; '' when it concerns none the platform knows.
   */
  tokenAddress: z.string(),
  tokenSymbol: z.string(),
  /** Added by issue 34 (older clients ignore them). */
  status: z.enum(transactionStatuses),
  effect: transactionEffectSchema,
});
export type AccountTransaction = z.output<typeof accountTransactionSchema>;

/** A query filter: blank or missing means any (undefined); otherwise it must pass `valid`, and reads as `read` gives. */
function queryFilter<T>(valid: (value: string) => boolean, message: string, read: (value: string) => T) {
  return z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().refine((value) => value === '' || valid(value), message))
    .transform((value) => (value === '' ? undefined : read(value)));
}

/**
 * GET /account/transactions/{page}?kind=&token=&status= (issue 34): only the rows of one txType, of one token (the
 * token a row concerns, distributions' rows included; or, for a row that concerns none, the contract it called), of
 * one status. An empty value means any.
 */
export const accountTransactionsQuerySchema = z.object({
  kind: queryFilter(
    (value) => isTxType(Number(value)),
    transactionRecordMessages.txTypeInvalid,
    (value) => Number(value) as TxType,
  ),
  token: queryFilter(
    (value) => addressPattern.test(value),
    transactionRecordMessages.contractInvalid,
    (value) => value.toLowerCase(),
  ),
  status: queryFilter(
    (value) => (transactionStatuses as readonly string[]).includes(value),
    transactionRecordMessages.statusInvalid,
    (value) => value as TransactionStatus,
  ),
});
export type AccountTransactionsQuery = z.input<typeof accountTransactionsQuerySchema>;
export type AccountTransactionsFilter = z.output<typeof accountTransactionsQuerySchema>;

/** A contract the account's transactions called, to filter My transactions by (its name, or '' when unknown). */
export const transactionContractSchema = z.object({ address: z.string(), name: z.string() });

/** The page envelope of part 2 (totalRows, totalPages, currentPage, pageSize) around `pageData`. */
export const accountTransactionsPageSchema = z.object({
  totalRows: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  pageData: z.array(accountTransactionSchema),
  /** Added by issue 34: every contract of the account's transactions (the token filter's choices), named first. */
  contracts: z.array(transactionContractSchema),
});
export type AccountTransactionsPage = z.output<typeof accountTransactionsPageSchema>;

/** Rows per page of My transactions. */
export const accountTransactionsPageSize = 10;
