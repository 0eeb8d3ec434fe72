import { z } from 'zod';
import { documentMessages, operatorMessages, tokenOperationMessages as m } from '../messages.ts';
import { addressPattern, requiredAddress, textField } from './fields.ts';

/** Largest amount a token holds (uint128 supply bound of the contract). */
export const maxTokenAmount = 2n ** 128n - 1n;

/**
 * A whole amount: required, digits only, at least 1, at most 2^128 − 1. Accepts a number or a string; answers the
 * decimal string. `messages` words each refusal.
 */
export function wholeAmountSchema(messages: {
  required: string;
  invalid: string;
  tooLow: string;
  tooLarge: string;
}) {
  return z
    .union([z.string(), z.number()], { error: messages.required })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(
      z
        .string()
        .min(1, messages.required)
        .regex(/^\d+$/, messages.invalid)
        .refine((text) => !/^\d+$/.test(text) || BigInt(text) >= 1n, messages.tooLow)
        .refine((text) => !/^\d+$/.test(text) || BigInt(text) <= maxTokenAmount, messages.tooLarge)
        .transform((text) => BigInt(text).toString()),
    );
}

export const tokenAmountSchema = z
  .union([z.string(), z.number()], { error: m.amountRequired })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .pipe(
    z
      .string()
      .min(1, m.amountRequired)
      .superRefine((text, context) => {
        const problem = amountProblem(text);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .transform((text) => (wholeNumber.test(text) ? BigInt(text).toString() : text)),
  );

const wholeNumber = /^\d+$/;
const decimalNumber = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/**
 * The spec's order: not a number is 'invalid'; a number below 1 (-5, 0, 0.5) needs to be 'greater than zero';
 * a number of 1 or more must still be whole digits (tokens have no decimals) and within the supply bound.
 */
function amountProblem(text: string): string | null {
  if (!decimalNumber.test(text)) return m.amountInvalid;
  const [whole = ''] = text.replace(/^\+/, '').split('.');
  if (text.startsWith('-') || BigInt(whole === '' ? '0' : whole) < 1n) return m.amountTooLow;
  if (!wholeNumber.test(text)) return m.amountInvalid;
  if (BigInt(text) > maxTokenAmount) return m.amountTooLarge;
  return null;
}

const symbol = z.string({ error: m.symbolRequired }).trim().min(1, m.symbolRequired).max(100);
const accountAddress = requiredAddress(m.accountRequired, m.accountInvalid).transform((a) => a.toLowerCase());
/** txMode 2: the server signs with the caller's registered key. */
const txMode = z.coerce.number({ error: m.txModeInvalid }).pipe(z.literal(2, m.txModeInvalid)).default(2);
const optionalData = z
  .string()
  .max(2000, m.commentTooLong)
  .optional()
  .transform((text) => text?.trim() ?? '');
const requiredComment = (message: string) =>
  textField({ required: message, multiline: true }).trim().min(1, message).max(2000, m.commentTooLong);
const lower = (a: string) => a.toLowerCase();

/** POST /token/issue. */
export const issueTokensRequestSchema = z.object({
  symbol,
  accountAddress,
  txMode,
  holderAddress: requiredAddress(m.holderRequired, m.holderInvalid).transform(lower),
  amount: tokenAmountSchema,
  partition: z.string({ error: m.partitionRequired }).trim().min(1, m.partitionRequired),
  additionalData: requiredComment(m.notesRequired),
});
export type IssueTokensRequest = z.input<typeof issueTokensRequestSchema>;

/** POST /token/redeem. */
export const redeemTokensRequestSchema = z.object({
  symbol,
  accountAddress,
  txMode,
  amount: tokenAmountSchema,
  partition: z.string({ error: m.partitionRequired }).trim().min(1, m.partitionRequired),
  additionalData: optionalData,
});
export type RedeemTokensRequest = z.input<typeof redeemTokensRequestSchema>;

/** POST /token/force. */
export const forceTransferRequestSchema = z.object({
  symbol,
  accountAddress,
  txMode,
  fromAddress: requiredAddress(m.sourceRequired, m.sourceInvalid).transform(lower),
  toAddress: requiredAddress(m.destinationRequired, m.destinationInvalid).transform(lower),
  amount: tokenAmountSchema,
  additionalData: requiredComment(m.forceTransferComment),
});
export type ForceTransferRequest = z.input<typeof forceTransferRequestSchema>;

/** POST /token/controller/redeem. */
export const controllerRedeemRequestSchema = z.object({
  symbol,
  accountAddress,
  txMode,
  fromAddress: requiredAddress(m.sourceRequired, m.sourceInvalid).transform(lower),
  amount: tokenAmountSchema,
  additionalData: requiredComment(m.controllerRedeemComment),
});
export type ControllerRedeemRequest = z.input<typeof controllerRedeemRequestSchema>;

/** A document title is written on the chain as the bytes32 document name: at most 31 UTF-8 bytes. */
const documentTitle = textField({ required: documentMessages.titleRequired })
  .trim()
  .min(1, documentMessages.titleRequired)
  .refine((title) => new TextEncoder().encode(title).length <= 31, documentMessages.titleTooLong);
const documentHash = z
  .string()
  .trim()
  .optional()
  .transform((hash) => hash ?? '')
  .refine((hash) => hash === '' || /^(0x)?[0-9a-fA-F]{1,64}$/.test(hash), documentMessages.hashInvalid);

/** Where a document lives: only http, https and ipfs addresses (never `javascript:` or `data:`). */
export const documentUriPattern = /^(https?|ipfs):\/\/\S+$/i;
const documentUri = textField({ required: documentMessages.locationRequired })
  .trim()
  .min(1, documentMessages.locationRequired)
  .max(2000, documentMessages.locationTooLong)
  .regex(documentUriPattern, documentMessages.locationScheme);

/** POST /token/docs. */
export const addDocumentRequestSchema = z.object({
  symbol,
  accountAddress,
  txMode,
  title: documentTitle,
  uri: documentUri,
  hash: documentHash,
});
export type AddDocumentRequest = z.input<typeof addDocumentRequestSchema>;

/** DELETE /token/docs. */
export const removeDocumentRequestSchema = z.object({
  symbol,
  accountAddress,
  txMode,
  title: documentTitle,
});
export type RemoveDocumentRequest = z.input<typeof removeDocumentRequestSchema>;

/** The answer of every server-signed token operation. */
export const tokenTransactionResponseSchema = z.object({ transactionHash: z.string() });
export type TokenTransactionResponse = z.output<typeof tokenTransactionResponseSchema>;

// ---- Console forms (the same rules and texts; the symbol and wallet come from the page) ----

/** Issue form: amount, token holder, partition, comments. */
export const issueFormSchema = z.object({
  amount: tokenAmountSchema,
  holder: requiredAddress(m.holderRequired, m.holderInvalid),
  partition: z.string({ error: m.partitionRequired }).trim().min(1, m.partitionRequired),
  comments: requiredComment(m.notesRequired),
});
export type IssueForm = z.input<typeof issueFormSchema>;

/** Redeem form: amount, partition, comments (optional). */
export const redeemFormSchema = z.object({
  amount: tokenAmountSchema,
  partition: z.string({ error: m.partitionRequired }).trim().min(1, m.partitionRequired),
  comments: optionalData,
});
export type RedeemForm = z.input<typeof redeemFormSchema>;

/** Force transfer form. */
export const forceTransferFormSchema = z.object({
  fromAddress: requiredAddress(m.sourceRequired, m.sourceInvalid),
  toAddress: requiredAddress(m.destinationRequired, m.destinationInvalid),
  amount: tokenAmountSchema,
  comments: requiredComment(m.forceTransferComment),
});
export type ForceTransferForm = z.input<typeof forceTransferFormSchema>;

/** Controller redeem form. */
export const controllerRedeemFormSchema = z.object({
  fromAddress: requiredAddress(m.sourceRequired, m.sourceInvalid),
  amount: tokenAmountSchema,
  comments: requiredComment(m.controllerRedeemComment),
});
export type ControllerRedeemForm = z.input<typeof controllerRedeemFormSchema>;

/** Add document form: title, location, optional hash. */
export const addDocumentFormSchema = z.object({
  title: documentTitle,
  uri: documentUri,
  hash: documentHash,
});
export type AddDocumentForm = z.input<typeof addDocumentFormSchema>;

/** Operator form: operator address, optional partition (empty = all partitions). */
export const operatorFormSchema = z.object({
  operator: requiredAddress(operatorMessages.operatorRequired, operatorMessages.operatorInvalid),
  partition: z
    .string()
    .trim()
    .optional()
    .transform((p) => p ?? ''),
});
export type OperatorForm = z.input<typeof operatorFormSchema>;

export const isAddress = (text: string) => addressPattern.test(text.trim());
