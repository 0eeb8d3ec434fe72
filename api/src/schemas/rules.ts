import { z } from 'zod';
import { ruleMessages as r, tokenOperationMessages as m } from '../messages.ts';
import { requiredAddress, textField } from './fields.ts';
import { tokenAmountSchema } from './tokens.ts';

/** Largest holding a rule takes (the contract keeps it in 72 bits). */
export const maxRuleHolding = 2n ** 72n - 1n;
export const maxRuleHolders = 2 ** 32 - 1;
/** Largest lock-up (the contract keeps it in 40 bits of unix seconds). */
export const maxLockupSeconds = 2 ** 40 - 1;
export const countryModes = ['allow', 'deny'] as const;
export type CountryMode = (typeof countryModes)[number];
export const precheckOperations = ['issue', 'redeem', 'transfer', 'force', 'controllerRedeem'] as const;
export type PrecheckOperation = (typeof precheckOperations)[number];

const symbol = z.string({ error: m.symbolRequired }).trim().min(1, m.symbolRequired).max(100);
const accountAddress = requiredAddress(m.accountRequired, m.accountInvalid).transform((a) => a.toLowerCase());
const lower = (a: string) => a.toLowerCase();

/** An ISO 3166 alpha-2 code: two letters, answered in capitals. */
export const countryCodeSchema = z
  .string({ error: r.countryInvalid })
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, r.countryInvalid));

const holdingSchema = z
  .union([z.string(), z.number()], { error: r.holdingInvalid })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .pipe(
    z
      .string()
      .regex(/^\d+$/, r.holdingInvalid)
      .refine((text) => !/^\d+$/.test(text) || BigInt(text) <= maxRuleHolding, r.holdingInvalid)
      .transform((text) => BigInt(text).toString()),
  );

/** A rule as the chain holds it (zero = off), with the holder count the token keeps. */
export const ruleSchema = z.object({
  maxHolders: z.number(),
  holders: z.number(),
  /** Unix seconds; 0 = no lock-up. */
  lockupUntil: z.number(),
  minHolding: z.string(),
  maxHolding: z.string(),
  countries: z.object({ mode: z.enum(countryModes), list: z.array(z.string()) }).nullable(),
});
export type Rule = z.output<typeof ruleSchema>;

/** States of the job that counts a live token's holders in batches while its rules switch on. */
export const holderCountJobStates = ['queued', 'running', 'done', 'failed'] as const;

/**
 * Rules switching on: the token's holders counted on the chain so far (rules are enforced once all are) out of
 * the holders the indexer knows, and the server's counting job when there is one.
 */
export const holderCountingSchema = z.object({
  counted: z.number(),
  holders: z.number(),
  jobId: z.number().nullable(),
  jobState: z.enum(holderCountJobStates).nullable(),
  /** Why the job stopped (jobState 'failed'). */
  error: z.string().nullable(),
});
export type HolderCounting = z.output<typeof holderCountingSchema>;

/** GET /token/rules/{symbol}: the token's rule and each partition's. */
export const tokenRulesSchema = z.object({
  symbol: z.string(),
  /** Whether rules are on (enforced once every holder is counted). */
  active: z.boolean(),
  /** False for a token deployed before rules existed. */
  supported: z.boolean(),
  token: ruleSchema,
  partitions: z.array(z.object({ partition: z.string(), rule: ruleSchema })),
  /** Set while holders are being counted (rules switching on), a counting job is on its way or the last one stopped; else null. */
  counting: holderCountingSchema.nullable(),
});
export type TokenRules = z.output<typeof tokenRulesSchema>;
export const tokenRulesParamsSchema = z.object({ symbol });

/** The rule fields of PUT /token/rules and of the console's Rules form (omitted = off). */
const ruleFieldsShape = {
  maxHolders: z.coerce
    .number({ error: r.maxHoldersInvalid })
    .int(r.maxHoldersInvalid)
    .min(0, r.maxHoldersInvalid)
    .max(maxRuleHolders, r.maxHoldersInvalid)
    .optional(),
  /** Unix seconds or an ISO date; 0 or omitted = no lock-up. */
  lockupUntil: z
    .union([z.number(), z.string()], { error: r.lockupInvalid })
    .transform((value, context) => {
      const seconds =
        typeof value === 'number'
          ? value
          : /^\d+$/.test(value.trim())
            ? Number(value.trim())
            : value.trim() === ''
              ? 0
              : Math.floor(Date.parse(value) / 1000);
      if (!Number.isInteger(seconds) || seconds < 0 || seconds > maxLockupSeconds) {
        context.addIssue({ code: 'custom', message: r.lockupInvalid });
        return z.NEVER;
      }
      return seconds;
    })
    .optional(),
  minHolding: holdingSchema.optional(),
  maxHolding: holdingSchema.optional(),
  countries: z
    .object({
      mode: z.enum(countryModes, { error: r.countryModeInvalid }),
      list: z.array(countryCodeSchema).max(256, r.tooManyCountries),
    })
    .optional(),
};
/** A minimum above a set maximum is refused (both already whole numbers when this runs). */
const minNotAboveMax: [
  (rule: { minHolding?: string | undefined; maxHolding?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (rule: { minHolding?: string | undefined; maxHolding?: string | undefined }) =>
    !rule.maxHolding ||
    rule.maxHolding === '0' ||
    !/^\d+$/.test(rule.minHolding ?? '0') ||
    !/^\d+$/.test(rule.maxHolding) ||
    BigInt(rule.minHolding ?? '0') <= BigInt(rule.maxHolding),
  { message: r.minAboveMax, path: ['minHolding'] },
];
export const ruleFieldsSchema = z.object(ruleFieldsShape).refine(...minNotAboveMax);

/** PUT /token/rules. */
export const setRulesRequestSchema = z
  .object({
    symbol,
    /** Empty or omitted: the rule of the whole token. */
    partition: textField()
      .trim()
      .optional()
      .transform((p) => p ?? ''),
    accountAddress,
    txMode: z.coerce
      .number({ error: r.txModeInvalid })
      .pipe(z.union([z.literal(1), z.literal(2)], { error: r.txModeInvalid })),
    ...ruleFieldsShape,
  })
  .refine(...minNotAboveMax);
export type SetRulesRequest = z.input<typeof setRulesRequestSchema>;
/**
 * txMode 1: the transaction for the wallet to sign; txMode 2: the hash of the server-signed one, or, when switching
 * rules on counts more holders than one transaction carries, the id of the job that counts them in batches
 * (progress: GET /token/rules/{symbol}).
 */
export const setRulesResponseSchema = z.object({
  txData: z.object({ from: z.string(), to: z.string(), data: z.string() }).optional(),
  transactionHash: z.string().optional(),
  jobId: z.number().optional(),
});
export type SetRulesResponse = z.output<typeof setRulesResponseSchema>;

/** What a proposed rule would put out of bounds (POST /token/rules/simulate), one kind per finding. */
export const simulationFindingKinds = ['aboveMaximum', 'belowMinimum', 'country', 'lockedUp'] as const;

/**
 * One holding (a holder in a partition) out of bounds under the proposed rule: the holder's name from the token's
 * whitelist record (null when it has none), its investor (the identity of its KYC record: several addresses with one
 * record's name and details are one investor) and the sentence that says why.
 */
export const simulationFindingSchema = z.object({
  kind: z.enum(simulationFindingKinds),
  holder: z.string(),
  name: z.string().nullable(),
  investor: z.string(),
  partition: z.string(),
  balance: z.string(),
  reason: z.string(),
});
export type SimulationFinding = z.output<typeof simulationFindingSchema>;

/** A queued or pending operation the proposed rule would make fail: an approval (sharded key) or a bulk row. */
export const simulationOperationSchema = z.object({
  kind: z.enum(['approval', 'bulk']),
  /** The distributed transaction's id, or the bulk job's. */
  id: z.number(),
  /** The bulk row's number; null for an approval. */
  row: z.number().nullable(),
  reason: z.string(),
});

/** POST /token/rules/simulate: the proposed rule applied to the register at the indexer's head. */
export const rulesSimulationSchema = z.object({
  symbol: z.string(),
  /** '' for the whole token, else the partition's name. */
  partition: z.string(),
  /** The block of the indexer's tables the answer was computed from. */
  block: z.number(),
  /** Holders in the rule's scope now: addresses (what the contract counts) and investors. */
  holders: z.object({ addresses: z.number(), investors: z.number() }),
  /** Words when the holder count is over the proposed limit; else null. */
  holderLimit: z.string().nullable(),
  /** Out of bounds: holdings (rows), the addresses and the investors they belong to. */
  outOfBounds: z.object({ holdings: z.number(), addresses: z.number(), investors: z.number() }),
  /** The first holdings out of bounds (all of them unless `truncated`), by name, then largest first. */
  findings: z.array(simulationFindingSchema),
  truncated: z.boolean(),
  operations: z.array(simulationOperationSchema),
  /** One sentence: what would be out of bounds, or that nothing would. */
  summary: z.string(),
  /** How the contract counts holders (addresses) beside the investor count. */
  countingNote: z.string(),
});
export type RulesSimulation = z.output<typeof rulesSimulationSchema>;

const partition = z.string({ error: m.partitionRequired }).trim().min(1, m.partitionRequired);
const data = z.string().max(2000, m.commentTooLong).optional();

/** POST /token/precheck: the operation and its own body (comments optional: they do not change the verdict). */
export const precheckRequestSchema = z.discriminatedUnion(
  'operation',
  [
    z.object({
      operation: z.literal('issue'),
      symbol,
      accountAddress,
      holderAddress: requiredAddress(m.holderRequired, m.holderInvalid).transform(lower),
      amount: tokenAmountSchema,
      partition,
      additionalData: data,
    }),
    z.object({
      operation: z.literal('redeem'),
      symbol,
      accountAddress,
      amount: tokenAmountSchema,
      partition,
      additionalData: data,
    }),
    z.object({
      operation: z.literal('transfer'),
      symbol,
      accountAddress,
      /** The sender; omitted: the signer itself (an operator transfer otherwise). */
      fromAddress: requiredAddress(m.sourceRequired, m.sourceInvalid).transform(lower).optional(),
      toAddress: requiredAddress(m.destinationRequired, m.destinationInvalid).transform(lower),
      amount: tokenAmountSchema,
      partition,
      additionalData: data,
    }),
    z.object({
      operation: z.literal('force'),
      symbol,
      accountAddress,
      fromAddress: requiredAddress(m.sourceRequired, m.sourceInvalid).transform(lower),
      toAddress: requiredAddress(m.destinationRequired, m.destinationInvalid).transform(lower),
      amount: tokenAmountSchema,
      /** Take from this partition only (a bulk forced transfer's row); omitted: from the holder's partitions in turn. */
      partition: partition.optional(),
      additionalData: data,
    }),
    z.object({
      operation: z.literal('controllerRedeem'),
      symbol,
      accountAddress,
      fromAddress: requiredAddress(m.sourceRequired, m.sourceInvalid).transform(lower),
      amount: tokenAmountSchema,
      additionalData: data,
    }),
  ],
  { error: r.operationInvalid },
);
export type PrecheckRequest = z.input<typeof precheckRequestSchema>;
export type PrecheckInput = z.output<typeof precheckRequestSchema>;

/** The verdict: ok with ERC-1066 0x51, or the code and the plain-words reason of the first rule or right that stops it. */
export const precheckResponseSchema = z.object({
  ok: z.boolean(),
  code: z.string(),
  reason: z.string(),
  /**
   * Added by issue 34: the signer's readiness, one line per right the signing key lacks for this operation (Access
   * Level 2 on the token's scheme, the token's controller), in words; absent or empty when it holds them.
   */
  readiness: z.array(z.string()).optional(),
});
export type PrecheckResult = z.output<typeof precheckResponseSchema>;

// ---- Console forms ----

/** The Rules tab's form: text inputs, turned into PUT /token/rules fields (empty = off; ruleFieldsSchema checks them). */
export const rulesFormSchema = z
  .object({
    /** '' = the whole token, else a partition name. */
    scope: z.string().trim(),
    maxHolders: z.string().trim(),
    /** A date-time input value ('' = none). */
    lockupUntil: z.string().trim(),
    minHolding: z.string().trim(),
    maxHolding: z.string().trim(),
    countryMode: z.enum(['', ...countryModes]),
    /** Codes separated by commas or spaces. */
    countries: z.string(),
  })
  .transform((form) => ({
    partition: form.scope,
    maxHolders: form.maxHolders === '' ? 0 : form.maxHolders,
    // A date-time input has no zone: the form says UTC.
    lockupUntil:
      form.lockupUntil === ''
        ? 0
        : /T\d\d:\d\d(:\d\d)?$/.test(form.lockupUntil)
          ? `${form.lockupUntil}Z`
          : form.lockupUntil,
    minHolding: form.minHolding === '' ? '0' : form.minHolding,
    maxHolding: form.maxHolding === '' ? '0' : form.maxHolding,
    countries:
      form.countryMode === ''
        ? undefined
        : { mode: form.countryMode, list: form.countries.split(/[\s,]+/).filter((c) => c !== '') },
  }));
export type RulesForm = z.input<typeof rulesFormSchema>;

/** The transfer form of the token page: the connected wallet sends from its own balance in a partition. */
export const transferFormSchema = z.object({
  toAddress: requiredAddress(m.destinationRequired, m.destinationInvalid),
  amount: tokenAmountSchema,
  partition,
  comments: data.transform((text) => text?.trim() ?? ''),
});
export type TransferForm = z.input<typeof transferFormSchema>;
