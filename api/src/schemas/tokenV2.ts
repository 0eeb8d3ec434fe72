import { z } from 'zod';
import {
  tokenEnforcementMessages as e,
  tokenOperationMessages as m,
  tokenV2Messages as v,
} from '../messages.ts';
import { requiredAddress } from './fields.ts';

// Version 2 tokens (issue 35): upgrades to a newer registered implementation and the rotation of owner, whitelist
// and security scheme. Each route answers the unsigned transaction (txMode 1, the console's wallet signs) or the
// hash of the transaction the server signed with the caller's registered key (txMode 2); a sharded owner starts a
// distributed transaction of the matching type (dtxTypes) instead.

const lower = (a: string) => a.toLowerCase();
const symbol = z.string({ error: m.symbolRequired }).trim().min(1, m.symbolRequired).max(100);
const accountAddress = requiredAddress(m.accountRequired, m.accountInvalid).transform(lower);
/** 1: the unsigned transaction for the wallet; 2: the server signs with the caller's registered key. */
const txMode = z.coerce
  .number({ error: v.txModeInvalid })
  .pipe(z.union([z.literal(1), z.literal(2)], { error: v.txModeInvalid }))
  .default(2);

const base = { symbol, accountAddress, txMode };

/** POST /token/upgrade: to `implementation` (a registered one; default the newest). */
export const upgradeTokenRequestSchema = z.object({
  ...base,
  implementation: requiredAddress(v.implementationInvalid, v.implementationInvalid)
    .transform(lower)
    .optional(),
});
export type UpgradeTokenRequest = z.input<typeof upgradeTokenRequestSchema>;

/** POST /token/owner/propose. */
export const proposeOwnerRequestSchema = z.object({
  ...base,
  newOwner: requiredAddress(v.newOwnerRequired, v.newOwnerInvalid).transform(lower),
});
export type ProposeOwnerRequest = z.input<typeof proposeOwnerRequestSchema>;

/** POST /token/owner/accept (by the proposed owner). */
export const acceptOwnerRequestSchema = z.object(base);
export type AcceptOwnerRequest = z.input<typeof acceptOwnerRequestSchema>;

/** POST /token/whitelist/replace. */
export const replaceWhitelistRequestSchema = z.object({
  ...base,
  whitelistAddress: requiredAddress(v.whitelistRequired, v.whitelistInvalid).transform(lower),
});
export type ReplaceWhitelistRequest = z.input<typeof replaceWhitelistRequestSchema>;

/** POST /token/scheme/replace. */
export const replaceSchemeRequestSchema = z.object({
  ...base,
  securitySchemeAddress: requiredAddress(v.schemeRequired, v.schemeInvalid).transform(lower),
});
export type ReplaceSchemeRequest = z.input<typeof replaceSchemeRequestSchema>;

// ---- Enforcement (issue 36): version 2 tokens only; the token's owner or controller ----

const holderAddress = requiredAddress(m.holderRequired, m.holderInvalid).transform(lower);
const partition = z.string({ error: m.partitionRequired }).trim().min(1, m.partitionRequired).max(66);
const positiveAmount = z
  .union([z.string(), z.number()], { error: m.amountRequired })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, m.amountRequired)
      .regex(/^\d+$/, m.amountInvalid)
      .max(39, m.amountTooLarge)
      .refine((text) => /^\d+$/.test(text) && BigInt(text) >= 1n, m.amountTooLow),
  );

/** POST /token/freeze: freeze (`frozen: true`) or unfreeze an address: a frozen address neither sends nor receives. */
export const freezeAddressRequestSchema = z.object({
  ...base,
  holderAddress,
  frozen: z.boolean({ error: e.frozenRequired }),
});
export type FreezeAddressRequest = z.input<typeof freezeAddressRequestSchema>;

/** POST /token/freeze/partial: freeze or unfreeze `amount` of a holder's tokens in one partition. */
export const freezePartialRequestSchema = z.object({
  ...base,
  holderAddress,
  partition,
  amount: positiveAmount,
  action: z.enum(['freeze', 'unfreeze'], { error: e.actionInvalid }),
});
export type FreezePartialRequest = z.input<typeof freezePartialRequestSchema>;

/** POST /token/recover: move a lost wallet's tokens, frozen amounts and freeze to a new verified wallet. */
export const recoverWalletRequestSchema = z.object({
  ...base,
  lostAddress: requiredAddress(e.lostRequired, e.lostInvalid).transform(lower),
  newAddress: requiredAddress(e.newRequired, e.newInvalid).transform(lower),
});
export type RecoverWalletRequest = z.input<typeof recoverWalletRequestSchema>;

/** Console forms: the amount to freeze or unfreeze; the new wallet of a recovery. */
export const freezeAmountFormSchema = z.object({ amount: positiveAmount });
export const recoverWalletFormSchema = z.object({
  newAddress: requiredAddress(e.newRequired, e.newInvalid),
});

/** The step an upgrade request took: scheduling (the owner's delay starts) or carrying the upgrade out. */
export const upgradeSteps = ['schedule', 'upgrade'] as const;
export type UpgradeStep = (typeof upgradeSteps)[number];

/** Answer of every version 2 route: the wallet's transaction (txMode 1) or the server-signed hash (txMode 2). */
export const tokenV2ResponseSchema = z.object({
  transactionHash: z.string().optional(),
  txData: z.object({ from: z.string(), to: z.string(), data: z.string() }).optional(),
  /** Upgrades only: what this transaction does, and when the upgrade may be carried out (unix seconds). */
  step: z.enum(upgradeSteps).optional(),
  readyAt: z.number().int().optional(),
});
export type TokenV2Response = z.output<typeof tokenV2ResponseSchema>;

/** A version 2 token's upgrade state on its page (GET /projects/{code}'s `tokenV2`). */
export const tokenV2StateSchema = z.object({
  /** The implementation the token runs. */
  implementation: z.string(),
  /** The newest implementation registered in the token's factory. */
  latestImplementation: z.string(),
  /** True when the newest registered implementation is newer than the one the token runs. */
  upgradeAvailable: z.boolean(),
  /** What the newest implementation changes, in words (empty when it is the one the token runs). */
  changes: z.array(z.string()),
  /** Seconds between scheduling an upgrade and carrying it out (set by the owner). */
  upgradeDelay: z.number().int(),
  /** The scheduled upgrade and when it may run (unix seconds), or null. */
  scheduled: z.object({ implementation: z.string(), readyAt: z.number().int() }).nullable(),
  /** The owner proposed by the current owner, who has not accepted yet, or null. */
  pendingOwner: z.string().nullable(),
  /** The token's factory (its registry of implementations). */
  registry: z.string(),
});
export type TokenV2State = z.output<typeof tokenV2StateSchema>;

// ---- Console forms (the same rules and texts; the symbol and wallet come from the page) ----

/** Propose a new owner. */
export const proposeOwnerFormSchema = z.object({
  newOwner: requiredAddress(v.newOwnerRequired, v.newOwnerInvalid),
});
/** Replace the whitelist. */
export const replaceWhitelistFormSchema = z.object({
  whitelistAddress: requiredAddress(v.whitelistRequired, v.whitelistInvalid),
});
/** Replace the security scheme. */
export const replaceSchemeFormSchema = z.object({
  securitySchemeAddress: requiredAddress(v.schemeRequired, v.schemeInvalid),
});
