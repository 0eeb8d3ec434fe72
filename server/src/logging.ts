import type { LoggerOptions } from 'pino';

/** Field names whose values never reach a log line. */
export const secretFields = [
  'password',
  'newPassword',
  'accessCode',
  'privateKey',
  'jwt',
  'token',
  'passwordResetCode',
  'confirmationCode',
] as const;

export const redactPaths: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  ...secretFields.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `req.body.${field}`]),
];

/** pino options for the server: level from LOG_LEVEL (default 'warn'), secrets redacted. */
export function loggerOptions(level = 'warn'): LoggerOptions {
  return { level, redact: { paths: redactPaths, censor: '[redacted]' } };
}
