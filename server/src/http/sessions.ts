import { accountErrors } from '@tranche/api';
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { HttpError } from '../errors.ts';

/** What a verified token says: the account, its session version, the token's own id (jti) and its expiry. */
export type SessionClaims = { accountId: number; sessionVersion: number; tokenId: string; expiresAt: number };

export type SessionService = {
  /** Signs a session token (HS256) for an account. */
  issue: (claims: Pick<SessionClaims, 'accountId' | 'sessionVersion'>) => Promise<string>;
  /**
   * Verifies a token: expired answers 401 'Your session expired. Login again.', anything else that is not a
   * valid token of this server answers 401 'Authentication required'.
   */
  verify: (token: string) => Promise<SessionClaims>;
  /** Drops a token from the verified-token memory (logout): the next request verifies it afresh. */
  forget: (token: string) => void;
};

export const defaultJwtExpiresIn = '12h';
const expiresInPattern =
  /^\d+\s*(s|sec|secs|second|seconds|m|min|mins|minute|minutes|h|hr|hrs|hour|hours|d|day|days|w|week|weeks)$/;

export function isValidExpiresIn(text: string): boolean {
  return expiresInPattern.test(text.trim());
}

export function createSessionService(
  secret: Uint8Array,
  expiresIn: string = defaultJwtExpiresIn,
): SessionService {
  const issuer = 'tranche';
  // A token whose signature checked out is known until it expires: the same string always verifies the same
  // way, so a session's requests after the first skip the HMAC (the account is checked on every one).
  const verified = new Map<string, SessionClaims>();
  const maxVerified = 10_000;
  // Imported once: jose would import a raw secret again on every verification (a copy, so its buffer is a plain
  // ArrayBuffer whatever backs `secret`).
  const key = crypto.subtle.importKey(
    'raw',
    new Uint8Array(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    issue: async ({ accountId, sessionVersion }) =>
      new SignJWT({ sv: sessionVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(accountId))
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(await key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known;
        verified.delete(token);
        throw new HttpError(401, accountErrors.sessionExpired);
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], issuer });
        const accountId = Number(payload.sub);
        const sessionVersion = Number(payload.sv);
        if (
          !Number.isInteger(accountId) ||
          !Number.isInteger(sessionVersion) ||
          payload.exp === undefined ||
          typeof payload.jti !== 'string'
        ) {
          throw new HttpError(401, accountErrors.authenticationRequired);
        }
        const claims = { accountId, sessionVersion, tokenId: payload.jti, expiresAt: payload.exp * 1000 };
        verified.set(token, claims);
        if (verified.size > maxVerified) {
          const oldest = verified.keys().next();
          if (!oldest.done) verified.delete(oldest.value);
        }
        return claims;
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (error instanceof errors.JWTExpired) throw new HttpError(401, accountErrors.sessionExpired);
        throw new HttpError(401, accountErrors.authenticationRequired);
      }
    },
    forget: (token) => {
      verified.delete(token);
    },
  };
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
