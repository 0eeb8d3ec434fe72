import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** sha256 hex of a typed code (trimmed, case-insensitive), as stored in the database (never the code itself). */
export function hashCode(code: string): string {
  return createHash('sha256').update(code.trim().toUpperCase()).digest('hex');
}

/** sha256 hex of a link token (exact). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code people can type: `length` characters without look-alikes (I, O, 0, 1). */
export function randomCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return code;
}

/** A numeric code (password reset). */
export function randomDigits(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/** A URL-safe token with 256 bits of randomness. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
