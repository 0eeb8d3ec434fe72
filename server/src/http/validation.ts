import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { apiErrors, hasControlCharacters, inputMessages } from '@tranche/api';

/**
 * Whether any string (or object key) in a parsed request part holds NUL or another control character besides
 * tab and line breaks: the backstop behind the schemas' text fields, so no such text reaches the database.
 */
export function holdsControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacters(value, true);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsControlCharacters(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => hasControlCharacters(key, true) || holdsControlCharacters(item, depth + 1),
  );
}

/**
 * Validates a request part with its zod schema from @tranche/api. On failure the error's message is the
 * message of the first failing field (the spec's text), which the error handler answers with status 400.
 * A missing body validates as `{}`, so it answers the first required field's message.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
    if (httpPart === 'body' && (typeof input !== 'object' || Array.isArray(input))) {
      return { error: new Error(apiErrors.bodyNotObject) };
    }
    if (holdsControlCharacters(input)) return { error: new Error(inputMessages.controlCharacters) };
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    return { error: new Error(result.error.issues[0]?.message ?? apiErrors.badRequest) };
  };
