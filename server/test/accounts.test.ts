import type { AddressInfo } from 'node:net';
import {
  accountErrors,
  type ApiError,
  type ApiClient,
  createApiClient,
  loginMessages,
  type OutboxMail,
  signUpMessages,
} from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadCaches } from '../src/cache/readCaches.ts';
import { buildApp } from '../src/app.ts';
import { createSessionService } from '../src/http/sessions.ts';
import { defaultThrottles } from '../src/http/throttle.ts';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  injectLogin,
  mailReaderToken,
  startTestChain,
  type TestApp,
  testJwtSecret,
} from './helpers.ts';

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
});

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let t: TestApp;
  let client: ApiClient;
  let token: string | undefined;
  const unauthorized: ApiError[] = [];

  let reader: ApiClient;
  async function outbox(): Promise<OutboxMail[]> {
    return reader.call('localOutbox');
  }
  const seen = new Set<number>();
  /** The newest mail to an address not returned before, waiting for it (mail is sent in the background). */
  async function latestMailTo(address: string): Promise<OutboxMail> {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const mail = (await outbox()).find((m) => m.to === address);
      if (mail && !seen.has(mail.id)) {
        seen.add(mail.id);
        return mail;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no new mail to ${address}`);
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, chain, limits: { throttles: { ...defaultThrottles, delayMs: 4000 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getToken: () => token,
      onUnauthorized: (error) => unauthorized.push(error),
    });
    const readerToken = await mailReaderToken(t);
    reader = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, getToken: () => readerToken });
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs the whole journey: sign up, confirm, login, /auth, forgot, reset, login with the new password', async () => {
    const email = 'ann@example.com';
    await client.call('createAccount', {
      body: { loginName: email, emailAddress: email, password: 'first password', profileName: 'Ann' },
    });
    const mail = await latestMailTo(email);
    expect(mail.subject).toBe('Your Tranche confirmation code');
    const code = /confirmation code is: ([A-Z0-9]+)/.exec(mail.text)?.[1];
    expect(code).toMatch(/^[A-Z2-9]{8}$/);

    // Not confirmed yet: told to confirm (with the right password only).
    const early = await failureOf(
      client.call('login', { body: { loginName: email, password: 'first password' } }),
    );
    expect([early.statusCode, early.message]).toEqual([403, accountErrors.notConfirmed]);

    await client.call('confirmAccount', { body: { confirmationCode: (code as string).toLowerCase() } });
    const reused = await failureOf(
      client.call('confirmAccount', { body: { confirmationCode: code as string } }),
    );
    expect([reused.statusCode, reused.message]).toEqual([400, accountErrors.confirmationCodeInvalid]);

    const { jwt } = await client.call('login', {
      body: { loginName: 'ANN@example.com', password: 'first password' },
    });
    token = jwt;
    const session = await client.call('auth');
    expect(session).toEqual({
      accountId: expect.any(Number),
      loginName: email,
      emailAddress: email,
      profileName: 'Ann',
    });

    await client.call('forgotPassword', { body: { emailAddress: email } });
    const resetMail = await latestMailTo(email);
    expect(resetMail.subject).toBe('Reset your Tranche password');
    const resetCode = /reset code is: (\d{8})/.exec(resetMail.text)?.[1] as string;
    expect(resetMail.text).toMatch(/http:\/\/console\.test\/ResetPassword\/[A-Za-z0-9_-]{43}/);

    const wrongCode = await failureOf(
      client.call('resetPassword', {
        body: {
          emailAddress: email,
          passwordResetCode: resetCode === '00000000' ? '11111111' : '00000000',
          newPassword: 'second password',
        },
      }),
    );
    expect([wrongCode.statusCode, wrongCode.message]).toEqual([400, accountErrors.resetCodeInvalid]);

    await client.call('resetPassword', {
      body: { emailAddress: email, passwordResetCode: resetCode, newPassword: 'second password' },
    });
    // Single use.
    const again = await failureOf(
      client.call('resetPassword', {
        body: { emailAddress: email, passwordResetCode: resetCode, newPassword: 'third password' },
      }),
    );
    expect(again.message).toBe(accountErrors.resetCodeInvalid);

    // The old session ends with the password change.
    const expired = await failureOf(client.call('auth'));
    expect([expired.statusCode, expired.message]).toEqual([401, accountErrors.sessionExpired]);
    expect(unauthorized.at(-1)?.message).toBe(accountErrors.sessionExpired);

    const old = await failureOf(
      client.call('login', { body: { loginName: email, password: 'first password' } }),
    );
    expect([old.statusCode, old.message]).toEqual([401, accountErrors.wrongCredentials]);
    token = (await client.call('login', { body: { loginName: email, password: 'second password' } })).jwt;
    expect((await client.call('auth')).loginName).toBe(email);
  });

  it('resets with the mailed link token, once', async () => {
    const email = 'bob@example.com';
    await client.call('createAccount', {
      body: { loginName: email, emailAddress: email, password: 'bob password', profileName: 'Bob' },
    });
    // Mail goes out in the background: read the sign-up's code first, so the next new mail is the reset.
    expect((await latestMailTo(email)).subject).toBe('Your Tranche confirmation code');
    await client.call('forgotPassword', { body: { emailAddress: email } });
    const link = /\/ResetPassword\/([A-Za-z0-9_-]+)/.exec((await latestMailTo(email)).text)?.[1] as string;
    await client.call('resetPassword', {
      body: { emailAddress: email, token: link, newPassword: 'bob new password' },
    });
    const reused = await failureOf(
      client.call('resetPassword', {
        body: { emailAddress: email, token: link, newPassword: 'bob other password' },
      }),
    );
    expect(reused.message).toBe(accountErrors.resetTokenInvalid);
    // The link proved the mailbox: the account is confirmed and logs in.
    const { jwt } = await client.call('login', { body: { loginName: email, password: 'bob new password' } });
    expect(jwt.split('.')).toHaveLength(3);
  });

  it('expires reset codes after one hour', async () => {
    const email = 'eve@example.com';
    await client.call('createAccount', {
      body: { loginName: email, emailAddress: email, password: 'eve password', profileName: 'Eve' },
    });
    // Mail goes out in the background: read the sign-up's code first, so the next new mail is the reset.
    expect((await latestMailTo(email)).subject).toBe('Your Tranche confirmation code');
    await client.call('forgotPassword', { body: { emailAddress: email } });
    const resetCode = /reset code is: (\d{8})/.exec((await latestMailTo(email)).text)?.[1] as string;
    const { passwordResets } = await import('../src/db/schema.ts');
    await t.ctx.db.update(passwordResets).set({ expiresOn: new Date(Date.now() - 1000) });
    const late = await failureOf(
      client.call('resetPassword', {
        body: { emailAddress: email, passwordResetCode: resetCode, newPassword: 'eve new password' },
      }),
    );
    expect(late.message).toBe(accountErrors.resetCodeInvalid);
  });

  it('answers forgot password the same whether or not the address exists, and mails nobody', async () => {
    const before = (await outbox()).length;
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/forgotPassword',
      payload: { emailAddress: 'ann@example.com' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/forgotPassword',
      payload: { emailAddress: 'nobody@example.com' },
    });
    expect(known.json()).toEqual({ statusCode: 200, data: null });
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    expect((await latestMailTo('ann@example.com')).subject).toBe('Reset your Tranche password');
    expect((await outbox()).length).toBe(before + 1);
    expect((await outbox()).some((m) => m.to === 'nobody@example.com')).toBe(false);
  });

  it('answers a sign-up for a confirmed address like any other, and tells its owner by mail', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      payload: {
        loginName: 'ann@example.com',
        emailAddress: 'ann@example.com',
        password: 'whatever1',
        profileName: 'A',
      },
    });
    expect([answer.statusCode, answer.json()]).toEqual([200, { statusCode: 200, data: null }]);
    const notice = await latestMailTo('ann@example.com');
    expect(notice.subject).toBe('Someone tried to sign up with your address');
    expect(notice.text).not.toMatch(/code is/);
    const refused = await failureOf(
      client.call('login', { body: { loginName: 'ann@example.com', password: 'whatever1' } }),
    );
    expect(refused.statusCode).toBe(401);
  });

  it("gives the account the password of the sign-up whose code confirms it, not a stranger's earlier one (pre-account takeover)", async () => {
    const email = 'dora@example.com';
    // A stranger signs up with Dora's address first.
    await client.call('createAccount', {
      body: {
        loginName: email,
        emailAddress: email,
        password: 'an attacker password',
        profileName: 'Mallory',
      },
    });
    const first = await latestMailTo(email);
    expect(first.text).toContain('Hello Mallory,');
    await client.call('createAccount', {
      body: { loginName: email, emailAddress: email, password: 'the owner password', profileName: 'Dora' },
    });
    const second = await latestMailTo(email);
    expect(second.text).toContain('Hello Dora,');
    const code = (text: string) => /confirmation code is: ([A-Z0-9]+)/.exec(text)?.[1] as string;
    expect(code(second.text)).not.toBe(code(first.text));
    await client.call('confirmAccount', { body: { confirmationCode: code(second.text) } });
    const attacker = await failureOf(
      client.call('login', { body: { loginName: email, password: 'an attacker password' } }),
    );
    expect([attacker.statusCode, attacker.message]).toEqual([401, accountErrors.wrongCredentials]);
    // The other attempt's code is spent with the confirmation.
    const stale = await failureOf(
      client.call('confirmAccount', { body: { confirmationCode: code(first.text) } }),
    );
    expect([stale.statusCode, stale.message]).toEqual([400, accountErrors.confirmationCodeInvalid]);
    const { jwt } = await client.call('login', {
      body: { loginName: email, password: 'the owner password' },
    });
    token = jwt;
    expect((await client.call('auth')).profileName).toBe('Dora');
  });

  it('answers one message for a wrong password and an unknown login; 25 parallel guesses: 5 checked, 20 refused; the owner gets in from another address at once and from the same one after the delay', async () => {
    const email = 'carl@example.com';
    await client.call('createAccount', {
      body: { loginName: email, emailAddress: email, password: 'carl password', profileName: 'Carl' },
    });
    const code = /confirmation code is: ([A-Z0-9]+)/.exec((await latestMailTo(email)).text)?.[1] as string;
    await client.call('confirmAccount', { body: { confirmationCode: code } });

    const unknown = await failureOf(
      client.call('login', { body: { loginName: 'who@example.com', password: 'x' } }),
    );
    expect([unknown.statusCode, unknown.message]).toEqual([401, accountErrors.wrongCredentials]);

    const attacker = '203.0.113.7';
    const login = (password: string, remoteAddress: string) =>
      injectLogin(t, { loginName: email, password }, remoteAddress);
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login(`guess ${i}`, attacker)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const throttled = answers.find((answer) => answer.statusCode === 429);
    expect(throttled?.json()).toEqual({ statusCode: 429, error: { message: accountErrors.tooManyAttempts } });
    expect(Number(throttled?.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Even the right password waits on the attacker's address; another address gets in at once.
    const waiting = await login('carl password', attacker);
    expect(waiting.statusCode).toBe(429);
    const elsewhere = await login('carl password', '198.51.100.20');
    expect(elsewhere.statusCode).toBe(200);
    // After the delay (4 s in this test, LIMIT_DELAY_SECONDS), the attacker's address may try again.
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await login('carl password', attacker)).statusCode).toBe(200);
  });

  it('answers 400 with the spec message of the first failing field', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/accounts', {}, signUpMessages.emailRequired],
      [
        '/api/accounts',
        { loginName: 'x@y.co', emailAddress: 'nope', password: 'abcdefgh', profileName: 'P' },
        signUpMessages.emailInvalid,
      ],
      [
        '/api/accounts',
        { loginName: 'x@y.co', emailAddress: 'x@y.co', password: 'short', profileName: 'P' },
        signUpMessages.passwordTooShort,
      ],
      [
        '/api/accounts',
        { loginName: 'x@y.co', emailAddress: 'x@y.co', password: 'abcdefgh' },
        signUpMessages.profileNameRequired,
      ],
      ['/api/accounts/confirm', {}, signUpMessages.confirmationCodeRequired],
      ['/api/login', { loginName: 'a' }, loginMessages.passwordRequired],
      ['/api/login', { loginName: 42, password: 'x' }, loginMessages.loginRequired],
    ];
    for (const [url, payload, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url, payload: payload as object });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: { message } });
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.json().error.message).toBe(loginMessages.loginRequired);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"loginName":',
    });
    expect(broken.json()).toEqual({
      statusCode: 400,
      error: { message: 'The request body is not valid JSON' },
    });
  });

  describe('sessions', () => {
    let accountId: number;
    beforeAll(async () => {
      token = (
        await client.call('login', { body: { loginName: 'carl@example.com', password: 'carl password' } })
      ).jwt;
      accountId = (await client.call('auth')).accountId;
    });

    async function authWith(jwt: string | undefined) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth',
        headers: jwt === undefined ? {} : { authorization: `Bearer ${jwt}` },
      });
      return [response.statusCode, response.json().error?.message ?? 'ok'];
    }

    it('rejects a missing, expired, forged or foreign token', async () => {
      expect(await authWith(undefined)).toEqual([401, accountErrors.authenticationRequired]);
      const expired = await new SignJWT({ sv: 1 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(accountId))
        .setIssuer('tranche')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(testJwtSecret);
      expect(await authWith(expired)).toEqual([401, accountErrors.sessionExpired]);
      const forged = await new SignJWT({ sv: 1 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(accountId))
        .setIssuer('tranche')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('some-other-secret-some-other-secret!!'));
      expect(await authWith(forged)).toEqual([401, accountErrors.authenticationRequired]);
      const [header, , signature] = (token as string).split('.');
      const tampered = `${header}.${Buffer.from(JSON.stringify({ sv: 1, sub: '1', iss: 'tranche', exp: 9999999999 })).toString('base64url')}.${signature}`;
      expect(await authWith(tampered)).toEqual([401, accountErrors.authenticationRequired]);
      const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(accountId), sv: 1, iss: 'tranche' })).toString('base64url')}.`;
      expect(await authWith(unsigned)).toEqual([401, accountErrors.authenticationRequired]);
      expect(await authWith('garbage')).toEqual([401, accountErrors.authenticationRequired]);
      expect(await authWith(token)).toEqual([200, 'ok']);
    });

    it('ends a token at logout: on this instance at once, on another within seconds; other sessions go on', async () => {
      const login = async () =>
        (await client.call('login', { body: { loginName: 'carl@example.com', password: 'carl password' } }))
          .jwt;
      const ending = await login();
      const other = await login();
      expect(ending).not.toBe(other);
      // A second instance on the same database, which has verified (and remembers) the token already.
      const second = await buildApp({
        ...t.ctx,
        caches: createReadCaches(),
        sessions: createSessionService(testJwtSecret),
        logger: false,
        consoleDir: null,
      });
      const statusOn = async (app: typeof second, jwt: string) =>
        (await app.inject({ method: 'GET', url: '/api/auth', headers: { authorization: `Bearer ${jwt}` } }))
          .statusCode;
      try {
        expect(await statusOn(second, ending)).toBe(200);
        const out = await t.app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { authorization: `Bearer ${ending}` },
        });
        expect(out.json()).toEqual({ statusCode: 200, data: null });
        expect(await authWith(ending)).toEqual([401, accountErrors.authenticationRequired]);
        expect(await authWith(other)).toEqual([200, 'ok']);
        const started = Date.now();
        while ((await statusOn(second, ending)) === 200) {
          expect(Date.now() - started).toBeLessThan(5000);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(await statusOn(second, ending)).toBe(401);
        expect(await statusOn(second, other)).toBe(200);
        const again = await t.app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { authorization: `Bearer ${ending}` },
        });
        expect(again.statusCode).toBe(401);
      } finally {
        await second.close();
      }
    });

    it('honours a configured expiry', async () => {
      const shortToken = await createSessionService(testJwtSecret, '90m').issue({
        accountId,
        sessionVersion: 1,
      });
      const [, payload] = shortToken.split('.');
      const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
      expect(claims.exp - claims.iat).toBe(5400);
      const twelveHours = JSON.parse(
        Buffer.from((token as string).split('.')[1] as string, 'base64url').toString(),
      );
      expect(twelveHours.exp - twelveHours.iat).toBe(12 * 3600);
    });
  });
});
