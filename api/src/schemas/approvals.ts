import { z } from 'zod';

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
  expiresOn: z.string().nullable(),
  /** Seconds left before it expires (0 when past; null without an expiry). */
  secondsLeft: z.number().int().nullable(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;

/** GET /approvals: every pending operation of the caller's keys, split by whether it waits for the caller. */
export const approvalsResponseSchema = z.object({
  needsYou: z.array(approvalItemSchema),
  waiting: z.array(approvalItemSchema),
});
export type ApprovalsResponse = z.infer<typeof approvalsResponseSchema>;
