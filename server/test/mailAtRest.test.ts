import type { DevChain } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { accountWithKeys, createTestApp, mailReaderToken, startTestChain, type TestApp } from './helpers.ts';

/** Issue 33: the mail outbox kept reset codes (and PDF passwords) in plaintext. */
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

it('keeps a reset mail in the outbox sealed: the row holds no code, only the outbox reader opens it', async () => {
  const email = 'sealed@example.com';
  await accountWithKeys(t, email, []);
  await t.app.inject({ method: 'POST', url: '/api/forgotPassword', payload: { emailAddress: email } });
  // Read as the local outbox page reads it.
  const reader = await mailReaderToken(t);
  let code: string | undefined;
  for (let waited = 0; code === undefined && waited < 10_000; waited += 50) {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/local/outbox',
      headers: { authorization: `Bearer ${reader}` },
    });
    const mail = (answer.json() as { data: { to: string; text: string }[] }).data.find((m) => m.to === email);
    code = mail ? /reset code is: (\d{8})/.exec(mail.text)?.[1] : undefined;
    if (code === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(code).toMatch(/^\d{8}$/);

  const rows = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  expect(rows).toHaveLength(1);
  const stored = JSON.stringify(rows[0]);
  expect(stored).not.toContain(code);
  expect(stored).not.toContain('reset code');
  expect(rows[0]?.subject).toBe('Reset your Tranche password');
});
