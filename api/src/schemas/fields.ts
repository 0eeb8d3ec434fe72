import { z } from 'zod';
import { inputMessages } from '../messages.ts';

/** Longest accepted email address (RFC 5321 path limit). */
export const maxEmailLength = 254;
/** Longest accepted password: long enough for pass phrases, short enough to keep hashing cheap. */
export const maxPasswordLength = 256;
export const minPasswordLength = 8;
export const maxNameLength = 100;
export const maxCodeLength = 64;

/** C0 controls (NUL included), DEL and C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;
/** The same but tab, line feed and carriage return (multi-line text such as comments). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
const controlCharactersBesidesLines = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether `text` holds a control character (`multiline` lets tab, line feed and carriage return pass). */
export function hasControlCharacters(text: string, multiline = false): boolean {
  return (multiline ? controlCharactersBesidesLines : controlCharacters).test(text);
}

/**
 * The one text field every free-text input starts from (names, titles, search terms, comments, ...): a string
 * (else `required`) without NUL or any other control character (`inputMessages.controlCharacters`); `multiline`
 * lets tab and line breaks through.
 */
export function textField(options: { required?: string; multiline?: boolean } = {}) {
  return z
    .string(options.required === undefined ? undefined : { error: options.required })
    .refine((text) => !hasControlCharacters(text, options.multiline), inputMessages.controlCharacters);
}

/**
 * Unicode format characters (general category Cf): bidi overrides and isolates (U+202E), zero-width spaces and
 * joiners (U+200B), soft hyphens, ... They reorder or hide what a name shows in the inbox, mail and exports.
 */
const formatCharacters = /\p{Cf}/u;

/** Whether `text` holds a Unicode format character (see {@link nameField}). */
export function hasFormatCharacters(text: string): boolean {
  return formatCharacters.test(text);
}

/**
 * The field of every user-entered name (legal names, account, token, scheme, whitelist and key names): a
 * {@link textField} that also refuses format characters (`inputMessages.formatCharacters`).
 */
export function nameField(options: { required?: string } = {}) {
  return textField(options).refine((text) => !hasFormatCharacters(text), inputMessages.formatCharacters);
}

/** A required name: {@link requiredText} that refuses format characters ({@link nameField}). */
export function requiredName(required: string, max: number, tooLong: string) {
  return nameField({ required }).trim().min(1, required).max(max, tooLong);
}

/** Largest page number any list accepts (keeps offsets far inside PostgreSQL's bigint). */
export const maxPageNumber = 10_000_000;
/** Largest unix timestamp (seconds) accepted: 9999-12-31T23:59:59Z. */
export const maxUnixSeconds = 253_402_300_799;
/** Largest block number accepted. */
export const maxBlockNumber = Number.MAX_SAFE_INTEGER;

/**
 * A required text field: missing, non-string and blank values all answer `required`;
 * the value is trimmed; longer than `max` answers `tooLong`.
 */
export function requiredText(required: string, max: number, tooLong: string) {
  return textField({ required }).trim().min(1, required).max(max, tooLong);
}

/** Like {@link requiredText} but without trimming (passwords keep their spaces). */
export function requiredSecret(required: string, max: number, tooLong: string) {
  return textField({ required }).min(1, required).max(max, tooLong);
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

/** Largest id of a row: PostgreSQL's integer, the type of every id column. */
export const maxId = 2_147_483_647;

/**
 * The one id field: a path parameter or body field that names a row by its id. A whole number from 1 to
 * {@link maxId}, given as a number or a string of digits; anything else answers `invalid` (`required` when blank),
 * never a database error.
 */
export function idField(messages: { invalid: string; required?: string }) {
  return z
    .union([z.number(), z.string()], { error: messages.required ?? messages.invalid })
    .transform((value, context) => {
      const text = String(value).trim();
      const id = /^\d{1,10}$/.test(text) ? Number(text) : 0;
      if (id < 1 || id > maxId) {
        context.addIssue({
          code: 'custom',
          message: text === '' && messages.required ? messages.required : messages.invalid,
        });
        return z.NEVER;
      }
      return id;
    });
}
