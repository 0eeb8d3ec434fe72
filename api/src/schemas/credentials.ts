import { z } from 'zod';
import { keyMessages } from '../messages.ts';
import { addressPattern } from './fields.ts';

/** 40 hex digits with or without a leading 0x; answers the lower-cased 0x address. */
function hexAddress(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((value) => `0x${value.replace(/^0x/i, '')}`)
    .pipe(z.string().regex(addressPattern, invalid))
    .transform((value) => value.toLowerCase());
}

/** Any EVM address in a path or body, answered lower-cased. */
export function addressField(required: string, invalid: string) {
  return hexAddress(required, invalid);
}

/** POST /credentials (spec part 2 'Register my keys'): a leading 0x of either value is stripped. */
export const registerCredentialsRequestSchema = z.object({
  publicKey: hexAddress(keyMessages.publicKeyRequired, keyMessages.publicKeyInvalid),
  privateKey: z
    .string({ error: keyMessages.privateKeyRequired })
    .trim()
    .min(1, keyMessages.privateKeyRequired)
    .transform((value) => value.replace(/^0x/i, ''))
    .pipe(z.string().regex(/^[0-9a-fA-F]{64}$/, keyMessages.privateKeyInvalid))
    .transform((value) => value.toLowerCase()),
});
export type RegisterCredentialsRequest = z.input<typeof registerCredentialsRequestSchema>;

/** The form of /Keys (same rules as the request). */
export const keysFormSchema = registerCredentialsRequestSchema;

export const checkCredentialsParamsSchema = z.object({
  address: hexAddress(keyMessages.publicKeyRequired, keyMessages.publicKeyInvalid),
});
