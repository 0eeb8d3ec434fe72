import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { DevChain } from '@tranche/contracts';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loggerOptions } from '../src/logging.ts';
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

it('request logs carry no password, access code, private key, jwt or authorization header', async () => {
  let output = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  const logger = pino(loggerOptions('info'), sink);
  const app = await buildApp({ ...t.ctx, logger, consoleDir: null });
  const secret = `S3cret-${randomBytes(8).toString('hex')}`;
  await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: `Bearer ${secret}-header` },
    payload: { loginName: 'someone@example.com', password: `${secret}-password` },
  });
  await app.inject({ method: 'GET', url: '/api/auth', headers: { authorization: `Bearer ${secret}-jwt` } });
  // What a module might log by mistake is redacted too.
  app.log.info(
    {
      body: {
        password: `${secret}-1`,
        accessCode: `${secret}-2`,
        privateKey: `${secret}-3`,
        jwt: `${secret}-4`,
      },
    },
    'payload',
  );
  app.log.info({ req: { headers: { authorization: `Bearer ${secret}-5` } } }, 'headers');
  await app.close();
  expect(output).toContain('"url":"/api/login"');
  expect(output).toContain('[redacted]');
  expect(output).not.toContain(secret);
});

it('every answer carries x-request-id (a sane one from the caller is kept) and every request log line names it', async () => {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({ ...t.ctx, logger: pino(loggerOptions('info'), sink), consoleDir: null });
  const kept = await app.inject({
    method: 'GET',
    url: '/api/auth',
    headers: { 'x-request-id': 'proxy-1.a:b_C' },
  });
  expect(kept.headers['x-request-id']).toBe('proxy-1.a:b_C');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  for (const unsafe of ['has space', 'x'.repeat(129), 'new\\line', '<script>', '']) {
    const answer = await app.inject({ method: 'GET', url: '/api/auth', headers: { 'x-request-id': unsafe } });
    expect(answer.headers['x-request-id']).toMatch(uuid);
  }
  const fresh = await app.inject({ method: 'GET', url: '/api/no-such-route' });
  expect(fresh.statusCode).toBe(404);
  expect(fresh.headers['x-request-id']).toMatch(uuid);
  const invalid = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: '{not json',
    headers: { 'content-type': 'application/json' },
  });
  expect(invalid.statusCode).toBe(400);
  expect(invalid.headers['x-request-id']).toMatch(uuid);
  const ok = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(ok.statusCode).toBe(200);
  expect(ok.headers['x-request-id']).toMatch(uuid);
  await app.close();
  const ids = [kept, fresh, invalid, ok].map((answer) => answer.headers['x-request-id']);
  for (const id of ids) {
    const ofRequest = lines.filter((line) => line.reqId === id);
    expect(ofRequest.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
  }
  const requestLines = lines.filter((line) => 'req' in line || 'res' in line);
  expect(requestLines.length).toBeGreaterThan(0);
  for (const line of requestLines) expect(typeof line.reqId).toBe('string');
});
