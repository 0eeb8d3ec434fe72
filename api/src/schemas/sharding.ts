import { z } from 'zod';
import { accessCodeMessages, shardingMessages as m } from '../messages.ts';
import { maxCodeLength, maxEmailLength, maxNameLength, nameField } from './fields.ts';

/** Shamir threshold bounds (part 2, section 9: minimum signers at least 2, default 2). */
export const defaultMinimumSigners = 2;
export const maxSigners = 20;

/**
 * Splits the signers' email list as the spec says: by comma, else by semicolon, else by newline.
 * Blank entries are dropped; entries are trimmed and lower-cased.
 */
export function splitRecipients(text: string): string[] {
  const separator = text.includes(',') ? ',' : text.includes(';') ? ';' : /\r?\n/;
  return text
    .split(separator)
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

const simpleEmail = z.email();

/** Recipients as a list or as the form's text; every entry a valid, distinct email address. */
export const recipientsField = z
  .union([z.string(), z.array(z.string({ error: m.emailsRequired }))], { error: m.emailsRequired })
  .transform((value, context) => {
    const list =
      typeof value === 'string'
        ? splitRecipients(value)
        : value.map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== '');
    if (list.length === 0) {
      context.addIssue({ code: 'custom', message: m.emailsRequired });
      return z.NEVER;
    }
    if (list.length > maxSigners) {
      context.addIssue({ code: 'custom', message: m.tooManySigners });
      return z.NEVER;
    }
    const seen = new Set<string>();
    for (const email of list) {
      if (email.length > maxEmailLength || !simpleEmail.safeParse(email).success) {
        context.addIssue({ code: 'custom', message: m.emailInvalid(email.slice(0, 80)) });
        return z.NEVER;
      }
      if (seen.has(email)) {
        context.addIssue({ code: 'custom', message: m.emailTwice(email) });
        return z.NEVER;
      }
      seen.add(email);
    }
    return list;
  });

const minimumField = z
  .union([z.number(), z.string()], { error: m.minimumInvalid })
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === '') return defaultMinimumSigners;
    const number = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isInteger(number)) {
      context.addIssue({ code: 'custom', message: m.minimumInvalid });
      return z.NEVER;
    }
    if (number < 2) {
      context.addIssue({ code: 'custom', message: m.minimumTooLow });
      return z.NEVER;
    }
    return number;
  });

const totalField = z
  .union([z.number(), z.string()])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : Number(value)));

/** M <= N and, when given, total = N. */
function checkCounts(
  value: { minimum: number; total?: number; recipients: string[] },
  context: z.RefinementCtx,
) {
  if (value.total !== undefined && value.total !== value.recipients.length) {
    context.addIssue({ code: 'custom', message: m.totalMismatch, path: ['total'] });
  } else if (value.minimum > value.recipients.length) {
    context.addIssue({ code: 'custom', message: m.minimumTooHigh, path: ['minimum'] });
  }
}

export const accessCodeField = z
  .string({ error: accessCodeMessages.required })
  .trim()
  .min(1, accessCodeMessages.required)
  .max(maxCodeLength, m.accessCodeTooLong);

/** A 0x address of a sharded key, answered lower-cased. */
export function shardedAddressField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^(0x)?[0-9a-fA-F]{40}$/, invalid)
    .transform((value) => `0x${value.replace(/^0x/i, '').toLowerCase()}`);
}

/** POST /sharding: a new random key, or an existing private key, split M of N among platform accounts. */
export const createShardedKeyRequestSchema = z
  .object({
    createNewAccount: z.boolean({ error: m.createNewAccountInvalid }).optional().default(true),
    privateKey: z.string({ error: m.privateKeyInvalid }).optional(),
    minimum: minimumField,
    total: totalField,
    recipients: recipientsField,
    keyName: nameField({ required: m.keyNameInvalid }).trim().max(maxNameLength, m.keyNameTooLong).optional(),
  })
  .superRefine((value, context) => {
    checkCounts(value, context);
    if (!value.createNewAccount) {
      const key = (value.privateKey ?? '').trim();
      if (key === '')
        context.addIssue({ code: 'custom', message: m.privateKeyRequired, path: ['privateKey'] });
      else if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key))
        context.addIssue({ code: 'custom', message: m.privateKeyInvalid, path: ['privateKey'] });
    }
  });
export type CreateShardedKeyRequest = z.input<typeof createShardedKeyRequestSchema>;

/** One signer's PDF (base64): the access code inside, opened with the password mailed to the signer. */
export const shardPdfSchema = z.object({
  profileName: z.string(),
  emailAddress: z.string(),
  pdf: z.string(),
});
export type ShardPdf = z.infer<typeof shardPdfSchema>;

export const shardedKeyResultSchema = z.object({
  publicAddress: z.string(),
  name: z.string(),
  minimum: z.number().int(),
  total: z.number().int(),
  shares: z.array(shardPdfSchema),
});
export type ShardedKeyResult = z.infer<typeof shardedKeyResultSchema>;

/** POST /sharding/commit: activation with an access code, once every signer opened their PDF. */
export const commitShardedKeyRequestSchema = z.object({
  publicKey: shardedAddressField(m.publicKeyRequired, m.publicKeyInvalid),
  accessCode: accessCodeField,
});
export type CommitShardedKeyRequest = z.input<typeof commitShardedKeyRequestSchema>;

/**
 * POST /sharding/decline: a signer named without their consent declines a key (or reshard) not activated yet; their
 * share and PDF are erased, the generation cannot be activated and its creator is told by mail.
 */
export const declineShardedKeyRequestSchema = z.object({
  publicKey: shardedAddressField(m.publicKeyRequired, m.publicKeyInvalid),
});
export type DeclineShardedKeyRequest = z.input<typeof declineShardedKeyRequestSchema>;

/** POST /sharding/opened: a signer opened their PDF with the mailed password (checked by the server). */
export const shardOpenedRequestSchema = z.object({
  publicKey: shardedAddressField(m.publicKeyRequired, m.publicKeyInvalid),
  emailAddress: z.string({ error: m.pdfSignerUnknown }).trim().toLowerCase().min(1, m.pdfSignerUnknown),
  pdfPassword: z
    .string({ error: m.pdfPasswordRequired })
    .trim()
    .min(1, m.pdfPasswordRequired)
    .max(maxCodeLength, m.pdfPasswordWrong),
});
export type ShardOpenedRequest = z.input<typeof shardOpenedRequestSchema>;

/** State of a key's signers (answer of the opened and commit calls). */
export const shardedKeyStatusSchema = z.object({
  publicAddress: z.string(),
  name: z.string(),
  /** Whether the generation shown (the one being set up, else the current one) signs. */
  active: z.boolean(),
  /** A reshard waits for activation: the signers shown are the new ones; the current generation still signs. */
  reshardPending: z.boolean(),
  minimum: z.number().int(),
  total: z.number().int(),
  signers: z.array(
    z.object({
      profileName: z.string(),
      emailAddress: z.string(),
      opened: z.boolean(),
      /** The signer declined: the generation cannot be activated (set the key up again without them). */
      declined: z.boolean(),
    }),
  ),
});
export type ShardedKeyStatus = z.infer<typeof shardedKeyStatusSchema>;

/** PUT /sharding: a resharding request (part 2, section 3), approved by the key's current signers. */
export const reshardRequestSchema = z
  .object({
    accountAddress: shardedAddressField(m.publicKeyRequired, m.publicKeyInvalid),
    accessCode: accessCodeField,
    minimum: minimumField,
    total: totalField,
    recipients: recipientsField,
  })
  .superRefine(checkCounts);
export type ReshardRequest = z.input<typeof reshardRequestSchema>;

export const reshardResponseSchema = z.object({ id: z.number().int() });

/** DELETE /sharding/reshard: a current signer cancels a reshard that was not activated (the old key is untouched). */
export const cancelReshardRequestSchema = z.object({
  accountAddress: shardedAddressField(m.publicKeyRequired, m.publicKeyInvalid),
  accessCode: accessCodeField,
});
export type CancelReshardRequest = z.input<typeof cancelReshardRequestSchema>;

export const shardedKeyParamsSchema = z.object({
  address: shardedAddressField(m.publicKeyRequired, m.publicKeyInvalid),
});

/** GET /dtx/addresses: the active sharded keys the caller signs for. */
export const shardedAddressSchema = z.object({
  address: z.string(),
  name: z.string(),
  minimum: z.number().int(),
  total: z.number().int(),
});
export const shardedAddressListSchema = z.array(shardedAddressSchema);
export type ShardedAddress = z.infer<typeof shardedAddressSchema>;

/** Form of /Sharding (the request's rules plus the text field of emails). */
export const shardingFormSchema = z
  .object({
    keyName: nameField({ required: m.keyNameInvalid }).trim().max(maxNameLength, m.keyNameTooLong),
    recipients: z.string().transform((text, context) => {
      const parsed = recipientsField.safeParse(text);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? m.emailsRequired });
        return z.NEVER;
      }
      return parsed.data;
    }),
    minimum: minimumField,
    createNewAccount: z.boolean(),
    privateKey: z.string(),
  })
  .superRefine((value, context) => {
    checkCounts(value, context);
    if (!value.createNewAccount) {
      const key = value.privateKey.trim();
      if (key === '')
        context.addIssue({ code: 'custom', message: m.privateKeyRequired, path: ['privateKey'] });
      else if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key))
        context.addIssue({ code: 'custom', message: m.privateKeyInvalid, path: ['privateKey'] });
    }
  });

/** Form of /Resharding. */
export const reshardFormSchema = z
  .object({
    recipients: shardingFormSchema.shape.recipients,
    minimum: minimumField,
  })
  .superRefine(checkCounts);
