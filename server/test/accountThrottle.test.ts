import type { DevChain } from '@tranche/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../src/mail/mailer.ts';
import {
  accountWithKeys,
  createTestApp,
  databaseKinds,
  injectLogin,
  startTestChain,
  type TestApp,
} from './helpers.ts';

/**
 * Issue 33: strangers' wrong passwords from many addresses used to lock the owner out for an hour (a flat
 * per-account limit). Now they slow the account down only for addresses that failed on it, and the owner is mailed.
 */
let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
});

describe.each(databaseKinds)('the account-wide throttle on %s', (kind) => {
  let t: TestApp;
  const email = 'target@example.com';
  beforeAll(async () => {
    t = await createTestApp({ kind, chain });
    await accountWithKeys(t, email, []);
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (password: string, remoteAddress: string) =>
    injectLogin(t, { loginName: email, password }, remoteAddress);

  it('lets the right password in from a clean address after 50 wrong ones from 10 addresses, slows the guessers, and mails the owner', async () => {
    const attackers = Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`);
    const statuses: number[] = [];
    for (const address of attackers) {
      for (let i = 0; i < 5; i++) statuses.push((await login(`guess ${address} ${i}`, address)).statusCode);
    }
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);

    const owner = await login('a long password', '198.51.100.77');
    expect(owner.statusCode).toBe(200);

    // A guessing address waits a short delay (not an hour), even with the right password.
    const slowed = await login('a long password', '203.0.113.1');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
    // A new address gets one check, then waits too.
    expect((await login('one more guess', '192.0.2.9')).statusCode).toBe(401);
    expect((await login('and another', '192.0.2.9')).statusCode).toBe(429);

    const notices = (await listOutbox(t.ctx, { to: email })).filter(
      (mail) => mail.subject === 'Many wrong attempts on your Tranche account',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('Your own device still logs in with your password.');
  });
});
