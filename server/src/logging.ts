import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino, { type LoggerOptions } from 'pino';
import { currentRequestId } from './http/requestContext.ts';

/** Field names whose values never reach a log line. */
export const secretFields = [
  'password',
  'newPassword',
  'passwordHash',
  'accessCode',
  'pdfPassword',
  'privateKey',
  'share',
  'shares',
  'sealedShare',
  'jwt',
  'token',
  'passwordResetCode',
  'confirmationCode',
  'secret',
  'masterKey',
] as const;

export const redactPaths: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'authorization',
  ...secretFields.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `req.body.${field}`]),
];

/**
 * Fields of a serialized error that carry the data of a failed query: drizzle's `params` (argon2 hashes, code
 * digests, legal names), PostgreSQL's `detail` (`Key (login_name)=(...)`) and `where`. The message keeps the SQL text
 * without values; drizzle's message repeats the parameters after "params:", cut off too.
 */
const queryDataFields = ['params', 'parameters', 'detail', 'where', 'values'];

type Serialized = Record<string, unknown>;

export function serializeError(error: unknown): Serialized {
  return scrub(pino.stdSerializers.err(error as Error) as unknown as Serialized, 0);
}

function scrub(error: Serialized, depth: number): Serialized {
  const out: Serialized = {};
  for (const [key, value] of Object.entries(error)) {
    if (queryDataFields.includes(key)) continue;
    if (key === 'message' || key === 'stack') out[key] = typeof value === 'string' ? cutParams(value) : value;
    else if (key === 'cause' && value && typeof value === 'object' && depth < 5)
      out[key] = scrub(value as Serialized, depth + 1);
    else out[key] = value;
  }
  return out;
}

function cutParams(text: string): string {
  // Parameters may hold new lines (a mail's text): cut up to the stack's first frame, or to the end. PostgreSQL
  // quotes the offending value in its messages (`invalid input syntax for type integer: "..."`,
  // `Key (login_name)=(...)`): those go too, constraint and column names stay.
  return text
    .replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]')
    .replace(/: "(?:[^"\\]|\\.)*"/g, ': "[redacted]"')
    .replace(/\)=\((?:[^()]|\([^()]*\))*\)/g, ')=([redacted])');
}

/** A request in a log line: method and URL, with a reset link's token cut out of the path. */
function serializeRequest(request: { method?: string; url?: string; ip?: string }) {
  return {
    method: request.method,
    url: request.url?.replace(/\/ResetPassword\/[^/?#]+/i, '/ResetPassword/[redacted]'),
    remoteAddress: request.ip,
  };
}

/**
 * What every log line gets besides its own fields: the id of the request it was logged in (`reqId`, which
 * `request.log` lines carry already) and, when tracing is on, the trace and span it belongs to.
 */
function requestFields(_fields: object, _level: number, logger: pino.Logger): Record<string, string> {
  const out: Record<string, string> = {};
  const requestId = currentRequestId();
  if (requestId !== undefined && !('reqId' in logger.bindings())) out.reqId = requestId;
  const span = trace.getActiveSpan()?.spanContext();
  if (span && isSpanContextValid(span)) {
    out.trace_id = span.traceId;
    out.span_id = span.spanId;
  }
  return out;
}

/** pino options for the server: level from LOG_LEVEL (default 'warn'), secrets and query data redacted. */
export function loggerOptions(level = 'warn'): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    mixin: requestFields,
  };
}
