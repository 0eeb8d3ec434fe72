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
