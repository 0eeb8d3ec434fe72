import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { accountErrors, apiErrors, type OutboxMail } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createHashingGate } from '../src/crypto/hashing.ts';
import { makeDataDirPrivate } from '../src/dataDir.ts';
import { openDatabase } from '../src/db/database.ts';
import { accounts } from '../src/db/schema.ts';
import { HttpError } from '../src/errors.ts';
import { allowedHostnames, hostnameOf } from '../src/http/security.ts';
import { loggerOptions } from '../src/logging.ts';
import { createTestApp, mailReaderToken, startTestChain, type TestApp } from './helpers.ts';

let chain: DevChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain, allowedHosts: ['localhost', '127.0.0.1', '::1'] });
});
afterAll(async () => {
  await t.close();
  await chain.stop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function waitFor<T>(find: () => Promise<T | undefined>): Promise<T> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('waited 10 s in vain');
}

describe('security headers', () => {
  const strictCsp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
  ];

  it('every API answer carries the CSP, nosniff, Referrer-Policy and frame denial; no HSTS on http', async () => {
    for (const url of ['/api/health', '/api/auth', '/api/nothing/here']) {
      const answer = await t.app.inject({ method: 'GET', url });
      const csp = String(answer.headers['content-security-policy']);
      for (const directive of strictCsp) expect(csp, url).toContain(directive);
      // Inline only for <style> elements (Radix's scroll lock); never for scripts or style attributes.
      const inline = csp.split(';').filter((directive) => directive.includes('unsafe-inline'));
      expect(inline.map((directive) => directive.trim())).toEqual(["style-src-elem 'self' 'unsafe-inline'"]);
      expect(csp).toContain(`connect-src 'self' ${new URL(chain.rpcUrl).origin}`);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('the console and its files get the same policy; HSTS when PUBLIC_URL is https', async () => {
    const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'tranche-console-'));
    mkdirSync(path.join(consoleDir, 'assets'));
    writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>Tranche console</title>');
    writeFileSync(path.join(consoleDir, 'assets', 'app.css'), 'body{}');
    const app = await buildApp({
      ...t.ctx,
      publicUrl: () => 'https://tranche.example',
      logger: false,
      consoleDir,
    });
    try {
      for (const url of ['/', '/NewToken', '/assets/app.css', '/api/health']) {
        const answer = await app.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(200);
        const csp = String(answer.headers['content-security-policy']);
        for (const directive of strictCsp) expect(csp, url).toContain(directive);
        expect(csp).toContain('upgrade-insecure-requests');
        expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
      }
    } finally {
      await app.close();
      rmSync(consoleDir, { recursive: true, force: true });
    }
  });

  it('the API docs page keeps working under its own policy (scripts still from self only)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().openapi).toBe('3.1.0');
  });
});

describe('host allow-list', () => {
  it('answers 421 to a foreign Host (DNS rebinding) and serves the allowed names with any port', async () => {
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'evil.example:3000' },
    });
    expect(foreign.statusCode).toBe(421);
    expect(foreign.json()).toEqual({ statusCode: 421, error: { message: apiErrors.hostNotAllowed } });
    for (const host of ['localhost:3000', '127.0.0.1:41234', '[::1]:3000', 'LOCALHOST']) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect(answer.statusCode, host).toBe(200);
    }
  });

  it('takes the names from PUBLIC_URL, HOST and ALLOWED_HOSTS', () => {
    expect(allowedHostnames({ host: '127.0.0.1' }).sort()).toEqual(['127.0.0.1', '::1', 'localhost']);
    expect(
      allowedHostnames({
        host: '0.0.0.0',
        publicUrl: 'https://Tranche.Example.com',
        extra: ['10.0.0.5'],
      }).sort(),
    ).toEqual(['10.0.0.5', '127.0.0.1', '::1', 'localhost', 'tranche.example.com']);
    expect(allowedHostnames({ host: '192.168.1.20', publicUrl: 'http://tranche.lan:3000' }).sort()).toEqual([
      '192.168.1.20',
      'tranche.lan',
    ]);
    expect(hostnameOf('[::1]:3000')).toBe('::1');
    expect(hostnameOf('a.example.:80')).toBe('a.example');
    expect(hostnameOf('a b')).toBeUndefined();
    expect(hostnameOf('evil.example@127.0.0.1')).toBeUndefined();
  });
});

describe('local outbox', () => {
  it('needs a session: all mail on loopback, only its own mail from another address', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/local/outbox' });
    expect([anonymous.statusCode, anonymous.json().error.message]).toEqual([
      401,
      accountErrors.authenticationRequired,
    ]);
    await t.ctx.mailer.send({ to: 'someone.else@example.com', subject: 'Not yours', text: 'a secret code' });
    const token = await mailReaderToken(t);
    const own = (await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) })).json().data;
    await t.ctx.mailer.send({ to: own.emailAddress, subject: 'Yours', text: 'hello' });
    const read = async (remoteAddress: string) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/local/outbox', headers: bearer(token), remoteAddress })
      ).json().data as OutboxMail[];
    const onLoopback = await read('127.0.0.1');
    expect(onLoopback.map((mail) => mail.subject)).toEqual(expect.arrayContaining(['Yours', 'Not yours']));
    const remote = await read('192.0.2.44');
    expect(remote.map((mail) => mail.subject)).toEqual(['Yours']);
  });
});

describe('throttles and hashing', () => {
  it('lets an office behind one address sign up and confirm 30 colleagues in an hour with the defaults', async () => {
    const office = '198.51.100.77';
    const reader = await mailReaderToken(t);
    const emails = Array.from(
      { length: 30 },
      (_, i) => `colleague${i}.${randomBytes(3).toString('hex')}@office.example`,
    );
    for (const email of emails) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/accounts',
        remoteAddress: office,
        payload: {
          loginName: email,
          emailAddress: email,
          password: 'a colleague password',
          profileName: 'C',
        },
      });
      expect(answer.statusCode, email).toBe(200);
    }
    for (const email of emails) {
      const mail = await waitFor(async () => {
        const outbox = (
          await t.app.inject({ method: 'GET', url: '/api/local/outbox', headers: bearer(reader) })
        ).json().data as OutboxMail[];
        return outbox.find((m) => m.to === email);
      });
      const code = /confirmation code is: (\S+)/.exec(mail.text)?.[1];
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/confirm',
        remoteAddress: office,
        payload: { confirmationCode: code },
      });
      expect(answer.statusCode, email).toBe(200);
    }
  });

  it('runs at most `concurrency` hashes at once, queues a few, and refuses the rest with 503 at once', async () => {
    const gate = createHashingGate({ concurrency: 1, queue: 1 });
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return 'hashed';
      });
    const first = work();
    const second = work();
    const third = await work().catch((error: unknown) => error);
    expect(third).toBeInstanceOf(HttpError);
    expect([(third as HttpError).statusCode, (third as HttpError).message]).toEqual([
      503,
      apiErrors.hashingBusy,
    ]);
    await waitFor(async () => (releases.length === 1 ? true : undefined));
    releases[0]?.();
    await waitFor(async () => (releases.length === 2 ? true : undefined));
    releases[1]?.();
    expect(await Promise.all([first, second])).toEqual(['hashed', 'hashed']);
    expect(most).toBe(1);
  });
});

describe('data at rest', () => {
  it('makes DATA_DIR 0700 and every file in it 0600, PGlite files included, whatever the umask', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'tranche-modes-')), 'data');
    const previous = process.umask(0);
    try {
      mkdirSync(path.join(dataDir, 'old'), { recursive: true, mode: 0o777 });
      writeFileSync(path.join(dataDir, 'old', 'jwt-secret'), 'x', { mode: 0o666 });
      makeDataDirPrivate(dataDir);
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      // As startServer does: PGlite unpacks a new database with explicit 0666 modes.
      makeDataDirPrivate(dataDir);
      await database.db.execute(sql`create table modes_check (id integer)`);
      await database.db.execute(sql`insert into modes_check select generate_series(1, 1000)`);
      await database.close();
      writeFileSync(path.join(dataDir, 'later.json'), '{}');
      const wrong: string[] = [];
      const walk = (folder: string) => {
        if ((statSync(folder).mode & 0o777) !== 0o700)
          wrong.push(`${folder} ${(statSync(folder).mode & 0o777).toString(8)}`);
        for (const entry of readdirSync(folder, { withFileTypes: true })) {
          const full = path.join(folder, entry.name);
          if (entry.isDirectory()) walk(full);
          else if ((statSync(full).mode & 0o777) !== 0o600)
            wrong.push(`${full} ${(statSync(full).mode & 0o777).toString(8)}`);
        }
      };
      walk(dataDir);
      expect(readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(3);
      expect(wrong).toEqual([]);
    } finally {
      process.umask(previous);
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});

describe('logs', () => {
  it('a whole journey at LOG_LEVEL=debug leaves no secret it used in the log, nor a failed query’s parameters', async () => {
    let output = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    const app = await buildApp({ ...t.ctx, logger: pino(loggerOptions('debug'), sink), consoleDir: null });
    const secrets: string[] = [];
    const secret = (label: string) => {
      const value = `${label}-${randomBytes(6).toString('hex')}`;
      secrets.push(value);
      return value;
    };
    const reader = await mailReaderToken(t);
    const mailTo = (email: string, pattern: RegExp) =>
      waitFor(async () => {
        const outbox = (
          await app.inject({ method: 'GET', url: '/api/local/outbox', headers: bearer(reader) })
        ).json().data as OutboxMail[];
        return outbox.find((m) => m.to === email && pattern.test(m.text));
      });
    try {
      const email = `journey.${randomBytes(3).toString('hex')}@example.com`;
      const password = secret('password');
      const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
        app.inject({ method: 'POST', url, payload, headers });
      await post('/api/accounts', {
        loginName: email,
        emailAddress: email,
        password,
        profileName: 'Journey',
      });
      const code = /confirmation code is: (\S+)/.exec(
        (await mailTo(email, /confirmation code/)).text,
      )?.[1] as string;
      secrets.push(code);
      expect((await post('/api/accounts/confirm', { confirmationCode: code })).statusCode).toBe(200);
      await post('/api/login', { loginName: email, password: secret('wrong-password') });
      const jwt = (await post('/api/login', { loginName: email, password })).json().data.jwt as string;
      secrets.push(jwt);
      await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(jwt) });
      // Secrets sent to the share and dtx routes, whatever those answer.
      await post(
        '/api/sharding/opened',
        { pdfPassword: secret('pdf'), accessCode: secret('access') },
        bearer(jwt),
      );
      await post('/api/dtx', { symbol: 'X', accessCode: secret('access'), txType: 1 }, bearer(jwt));
      await post('/api/forgotPassword', { emailAddress: email });
      const resetMail = await mailTo(email, /reset code/);
      const resetCode = /reset code is: (\d+)/.exec(resetMail.text)?.[1] as string;
      const resetToken = /ResetPassword\/(\S+)/.exec(resetMail.text)?.[1] as string;
      secrets.push(resetCode, resetToken);
      const newPassword = secret('new-password');
      await post('/api/resetPassword', { emailAddress: email, passwordResetCode: resetCode, newPassword });
      await app.inject({ method: 'GET', url: `/ResetPassword/${resetToken}` });
      await post('/api/logout', {}, bearer(jwt));
      // A failed query whose parameters are secrets, logged the way the error handler logs it.
      const failed = await t.ctx.db.execute(sql`select ${secret('hash')}::integer`).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(Error);
      app.log.error({ err: failed }, 'request failed');
      const duplicate = await t.ctx.db
        .insert(accounts)
        .values({
          loginName: email,
          emailAddress: email,
          profileName: 'Again',
          passwordHash: secret('argon2'),
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(duplicate).toBeInstanceOf(Error);
      app.log.error({ err: duplicate }, 'request failed');
    } finally {
      await app.close();
    }
    expect(app.log.level).toBe('debug');
    expect(output).toContain('Failed query');
    expect(output).toContain('/api/resetPassword');
    for (const value of secrets) expect(output, value).not.toContain(value);
  });
});
