import { accountErrors } from '@tranche/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../errors.ts';
import { createSessionService } from './sessions.ts';

const secret = new Uint8Array(32).fill(7);

async function failure(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return [error.statusCode, error.message];
}

describe('session tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies its own tokens, again and again, and ends them at their expiry', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    const sessions = createSessionService(secret, '30m');
    const token = await sessions.issue({ accountId: 4, sessionVersion: 2 });
    const claims = {
      accountId: 4,
      sessionVersion: 2,
      tokenId: expect.stringMatching(/^[\w-]{22}$/),
      expiresAt: Date.parse('2026-11-23T10:30:00Z'),
    };
    expect(await sessions.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-23T10:29:58Z'));
    expect(await sessions.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-23T10:30:01Z'));
    const expired: [number, string] = [401, accountErrors.sessionExpired];
    expect(await failure(sessions.verify(token))).toEqual(expired);
    expect(await failure(sessions.verify(token))).toEqual(expired);
    expect(await failure(createSessionService(secret, '30m').verify(token))).toEqual(expired);
  });

  it('refuses tampered tokens and tokens of another secret, however often they come', async () => {
    const sessions = createSessionService(secret);
    const token = await sessions.issue({ accountId: 4, sessionVersion: 2 });
    await sessions.verify(token);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sv: 2, sub: '5', iss: 'tranche', exp: 4_000_000_000 }),
    ).toString('base64url');
    const other = await createSessionService(new Uint8Array(32).fill(8)).issue({
      accountId: 4,
      sessionVersion: 2,
    });
    const refused: [number, string] = [401, accountErrors.authenticationRequired];
    for (const bad of [`${header}.${payload}.${signature}`, other, `${token}x`]) {
      expect(await failure(sessions.verify(bad))).toEqual(refused);
      expect(await failure(sessions.verify(bad))).toEqual(refused);
    }
  });
});
