import { z } from 'zod';

/** Longest accepted email address (RFC 5321 path limit). */
export const maxEmailLength = 254;
/** Longest accepted password: long enough for pass phrases, short enough to keep hashing cheap. */
export const maxPasswordLength = 256;
export const minPasswordLength = 8;
export const maxNameLength = 100;
export const maxCodeLength = 64;

/**
 * A required text field: missing, non-string and blank values all answer `required`;
 * the value is trimmed; longer than `max` answers `tooLong`.
 */
export function requiredText(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

/** Like {@link requiredText} but without trimming (passwords keep their spaces). */
export function requiredSecret(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).min(1, required).max(max, tooLong);
}

/** A required email address, trimmed and lower-cased. */
export function requiredEmail(messages: { required: string; invalid: string; tooLong: string }) {
  return requiredText(messages.required, maxEmailLength, messages.tooLong)
    .pipe(z.email(messages.invalid))
    .transform((email) => email.toLowerCase());
}

/** An EVM address (0x + 40 hex digits), any case. */
export const addressPattern = /^0x[0-9a-fA-F]{40}$/;

export function requiredAddress(required: string, invalid: string) {
  return z.string({ error: required }).trim().min(1, required).regex(addressPattern, invalid);
}
