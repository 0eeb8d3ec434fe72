import * as api from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startTestChain, type TestApp } from './helpers.ts';

let chain: DevChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain });
});
afterAll(async () => {
  await t.close();
  await chain.stop();
});

/** Every message text @tranche/api knows: a 400 must answer one of them, never a library's wording. */
const knownMessages = new Set<string>(
  Object.values(api).flatMap((value) =>
    value && typeof value === 'object' && !('safeParse' in value) && !Array.isArray(value)
      ? Object.values(value).filter((text): text is string => typeof text === 'string')
      : [],
  ),
);

const nasty = fc.oneof(
  fc.constantFrom(
    "' OR '1'='1",
    "'; DROP TABLE accounts; --",
    "admin@example.com' --",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '#{7*7} {{7*7}}',
    '../../etc/passwd',
    '\u0000',
    'a@b.co\u0000',
    '𝕿𝖗𝖆𝖓𝖈𝖍𝖊',
    'ユーザー@例え.jp',
    '\u202e\u202d',
    '   ',
    '',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.emailAddress(),
  fc.string({ minLength: 300, maxLength: 3000 }),
);

const anyValue = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Each field missing, of the wrong type, too long, hostile or unicode. */
function bodyFor(fields: string[]) {
  return fc.record(Object.fromEntries(fields.map((field) => [field, anyValue])), { requiredKeys: [] });
}

const publicBodies: [string, string[]][] = [
  ['/api/accounts', ['loginName', 'password', 'emailAddress', 'profileName']],
  ['/api/accounts/confirm', ['confirmationCode']],
  ['/api/login', ['loginName', 'password']],
  ['/api/forgotPassword', ['emailAddress']],
  ['/api/resetPassword', ['emailAddress', 'passwordResetCode', 'token', 'newPassword']],
];

describe('bad input on the public routes answers 4xx with a clear message, never 500', () => {
  it.each(publicBodies)('POST %s', async (url, fields) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 8, arbitrary: bodyFor(fields) }, { weight: 1, arbitrary: anyValue }),
        async (payload) => {
          const response = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          const body = response.json();
          expect(body.statusCode).toBe(response.statusCode);
          expect([200, 400, 401, 403, 409, 429]).toContain(response.statusCode);
          if (response.statusCode === 400) expect(knownMessages).toContain(body.error.message);
          expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers 413 for a body over 1 MB and 400 for a 1 MB field', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ loginName: 'a', password: 'x'.repeat(1_100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ statusCode: 413, error: { message: api.apiErrors.bodyTooLarge } });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ loginName: 'a'.repeat(1_000_000), password: 'x' }),
    });
    expect(big.json()).toEqual({ statusCode: 400, error: { message: api.loginMessages.loginTooLong } });
  });

  it('answers 415 for a body that is not JSON, and 404 for unknown routes and methods', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'loginName=a&password=b',
    });
    expect(form.json()).toEqual({ statusCode: 415, error: { message: api.apiErrors.unsupportedMediaType } });
    for (const [method, url] of [
      ['GET', '/api/login'],
      ['PATCH', '/api/accounts'],
      ['GET', "/api/' OR 1=1"],
      ['GET', '/api/%00'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect([400, 404], `${method} ${url}`).toContain(response.statusCode);
      expect(response.json().statusCode).toBe(response.statusCode);
    }
  });
});
