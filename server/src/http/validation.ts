import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { apiErrors } from '@tranche/api';

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
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    return { error: new Error(result.error.issues[0]?.message ?? apiErrors.badRequest) };
  };
