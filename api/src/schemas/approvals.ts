import { z } from 'zod';
import { simulationOperationSchema } from './rules.ts';

/** A pending operation within this many seconds of its expiry reads 'expiring soon' in the inbox. */
export const approvalExpiringSoonSeconds = 3600;

/** Whether the operation would succeed if it ran now (an eth_call from the key's address), and why not. */
export const approvalPrecheckSchema = z.object({
  ok: z.boolean(),
  reason: z.string(),
  /** Added by issue 34: one line per right the key lacks for the operation (the pre-check's readiness), if any. */
  readiness: z.array(z.string()).optional(),
});
export type ApprovalPrecheck = z.infer<typeof approvalPrecheckSchema>;

/** A line of the signing key's readiness: ok (true, false, or null when unknown or not applicable) and its words. */
export const readinessLineSchema = z.object({ ok: z.boolean().nullable(), text: z.string() });

/**
 * Whether the key that would sign can (issue 37): the ETH it holds for gas, and whether it holds the right on the
 * chain this operation needs (Access Level 2, the token's ownership…).
 */
export const keyReadinessSchema = z.object({ gas: readinessLineSchema, rights: readinessLineSchema });
export type KeyReadiness = z.infer<typeof keyReadinessSchema>;

/** What happened to a finished operation: executed (its transaction and block) or failed (the failure in words). */
export const approvalOutcomeSchema = z.object({
  txStatus: z.number().int(),
  txStatusName: z.string(),
  txHash: z.string().nullable(),
  blockNumber: z.number().int().nullable(),
  /** Why it failed, in words (null when it was executed). */
  failure: z.string().nullable(),
  finishedOn: z.string().nullable(),
});
export type ApprovalOutcome = z.infer<typeof approvalOutcomeSchema>;

/** A signer of the operation's key who has not approved it: name and email, as co-signers see each other. */
export const approvalSignerSchema = z.object({ name: z.string(), emailAddress: z.string() });

/**
 * A holder a pending whitelist replacement would leave unverified (issue 39): its name from the token's whitelist
 * record when the viewer may see investor data (else null), its balance over every partition and the sentence.
 */
export const approvalWhatIfHolderSchema = z.object({
  holder: z.string(),
  name: z.string().nullable(),
  balance: z.string(),
  reason: z.string(),
});

/**
 * The what-if of a pending whitelist replacement, freeze, partial freeze or recovery (issue 39), from the indexer's
 * tables at `block`: the holders it would leave out of bounds and the queued or pending operations of the token (bulk
 * rows, other approvals) that would then fail, each in words.
 */
export const approvalWhatIfSchema = z.object({
  /** 'What this would change: …', or 'Nothing on the register would be out of bounds'. */
  summary: z.string(),
  holders: z.array(approvalWhatIfHolderSchema),
  /** More holders are out of bounds than listed. */
  truncated: z.boolean(),
  operations: z.array(simulationOperationSchema),
  block: z.number().int(),
});
export type ApprovalWhatIf = z.infer<typeof approvalWhatIfSchema>;

/** One pending distributed transaction of a key the caller signs, with its decoded effect. */
export const approvalItemSchema = z.object({
  txId: z.number().int(),
  txType: z.number().int(),
  txTypeName: z.string(),
  key: z.object({ address: z.string(), name: z.string() }),
  token: z.object({ symbol: z.string(), name: z.string(), contractAddress: z.string() }).nullable(),
  /** The effect in words and numbers ('Issue 1,000 ABC to 0x12…ef (Investor 12) on partition default: …'). */
  effect: z.string(),
  precheck: approvalPrecheckSchema,
  startedBy: z.string(),
  startedOn: z.string(),
  requiredApprovers: z.number().int(),
  /** Who approved and when (the starter's approval counts). */
  approvals: z.array(z.object({ signedBy: z.string(), signedOn: z.string() })),
  approvedByMe: z.boolean(),
  /** The signers of the key who have not approved (empty once finished). */
  notApproved: z.array(approvalSignerSchema),
  /** The initiator's comment, or null. */
  comment: z.string().nullable(),
  readiness: keyReadinessSchema,
  /** Null while pending; the result once executed or failed. */
  outcome: approvalOutcomeSchema.nullable(),
  expiresOn: z.string().nullable(),
  /** Seconds left before it expires (0 when past; null without an expiry). */
  secondsLeft: z.number().int().nullable(),
  /** Issue 39: for a pending whitelist replacement, freeze or recovery, what it would change; absent otherwise. */
  whatIf: approvalWhatIfSchema.optional(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;

/**
 * GET /approvals: every pending operation of the caller's keys, split by whether it waits for the caller, and the
 * latest finished ones with their outcome.
 */
export const approvalsResponseSchema = z.object({
  needsYou: z.array(approvalItemSchema),
  waiting: z.array(approvalItemSchema),
  /** The most recent executed and failed operations of the caller's keys, newest first (at most finishedLimit). */
  finished: z.array(approvalItemSchema),
});

/** How many finished operations the inbox lists. */
export const approvalsFinishedLimit = 20;
export type ApprovalsResponse = z.infer<typeof approvalsResponseSchema>;
