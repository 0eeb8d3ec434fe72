import { z } from 'zod';

/** Success answer: HTTP status 200 and `{statusCode: 200, data}`. */
export type SuccessEnvelope<T> = { statusCode: 200; data: T };
/** Failure answer: HTTP status equal to statusCode and `{statusCode, error: {message}}`. */
export type ErrorEnvelope = { statusCode: number; error: { message: string } };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ statusCode: z.literal(200), data });
}

export const errorEnvelopeSchema = z.object({
  statusCode: z.number().int(),
  error: z.object({ message: z.string() }),
});

export function ok<T>(data: T): SuccessEnvelope<T> {
  return { statusCode: 200, data };
}

export function failure(statusCode: number, message: string): ErrorEnvelope {
  return { statusCode, error: { message } };
}
