import { accountErrors } from '@tranche/api';
import { errors, jwtVerify, SignJWT } from 'jose';
import { HttpError } from '../errors.ts';

export type SessionClaims = { accountId: number; sessionVersion: number };

export type SessionService = {
  /** Signs a session token (HS256) for an account. */
  issue: (claims: SessionClaims) => Promise<string>;
  /**
   * Verifies a token: expired answers 401 'Your session expired. Login again.', anything else that is not a
   * valid token of this server answers 401 'Authentication required'.
   */
  verify: (token: string) => Promise<SessionClaims>;
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
  return {
    issue: ({ accountId, sessionVersion }) =>
      new SignJWT({ sv: sessionVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(accountId))
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(secret),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer });
        const accountId = Number(payload.sub);
        const sessionVersion = Number(payload.sv);
        if (!Number.isInteger(accountId) || !Number.isInteger(sessionVersion)) {
          throw new HttpError(401, accountErrors.authenticationRequired);
        }
        return { accountId, sessionVersion };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new HttpError(401, accountErrors.sessionExpired);
        throw new HttpError(401, accountErrors.authenticationRequired);
      }
    },
  };
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
