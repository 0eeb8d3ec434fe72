import type { AccountReview } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptSecret } from '../src/crypto/aesGcm.ts';
import type { Database } from '../src/db/database.ts';
import { jobRunnerOf } from '../src/jobs/runner.ts';
import { listOutbox } from '../src/mail/mailer.ts';
import { credentials } from '../src/modules/credentials/schema.ts';
import { provedWallets } from '../src/modules/wallets/schema.ts';
import { secretBinding } from '../src/modules/webhooks/deliver.ts';
import { queueDelivery } from '../src/modules/webhooks/record.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../src/modules/webhooks/schema.ts';
import { accountWithKeys, createTestApp, databaseKinds, startTestChain, type TestApp } from './helpers.ts';

/**
 * Issue 33: whoever knew the old password may have added a webhook subscribed to every event, a proved wallet or a
 * registered key; a password reset lists them for the owner to keep or remove, and pauses the webhooks until then.
 */
let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
});

describe.each(databaseKinds)('the review after a password reset on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, chain });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, jwt?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: jwt ? { authorization: `Bearer ${jwt}` } : {},
    });

  it('lists what the sessions before a reset created, holds the webhook deliveries until kept, and removes what the owner removes', async () => {
    const email = 'reviewed@example.com';
    const key = Wallet.createRandom();
    const { accountId } = await accountWithKeys(t, email, [{ address: key.address, key: key.privateKey }]);
    const wallet = Wallet.createRandom().address.toLowerCase();
    await t.ctx.db.insert(provedWallets).values({ accountId, address: wallet });
    const [endpoint] = await t.ctx.db
      .insert(webhookEndpoints)
      .values({
        accountId,
        url: 'http://127.0.0.1:9/every-event',
        events: ['token.issued', 'dtx.started'],
        sealedSecret: encryptSecret(t.ctx.masterKey, 'whsec_c2VjcmV0', secretBinding(accountId)),
      })
      .returning();
    const endpointId = endpoint?.id as number;

    await post('/api/forgotPassword', { emailAddress: email });
    let code: string | undefined;
    for (let waited = 0; code === undefined && waited < 10_000; waited += 50) {
      const [mail] = await listOutbox(t.ctx, { to: email });
      code = mail ? /reset code is: (\d{8})/.exec(mail.text)?.[1] : undefined;
      if (code === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const reset = await post('/api/resetPassword', {
      emailAddress: email,
      passwordResetCode: code,
      newPassword: 'the new password',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const listed = (reset.json() as { data: AccountReview }).data.items;
    expect(listed.map(({ kind, id, label }) => ({ kind, id, label }))).toEqual([
      { kind: 'webhook', id: endpointId, label: 'http://127.0.0.1:9/every-event' },
      { kind: 'wallet', id: expect.any(Number), label: wallet },
      { kind: 'key', id: expect.any(Number), label: key.address.toLowerCase() },
    ]);

    // An event for the paused webhook: its delivery waits, nothing is sent.
    const [event] = await t.ctx.db
      .insert(webhookEvents)
      .values({ eventKey: 'review:1', messageId: 'msg_review_1', type: 'token.issued', payload: {} })
      .returning();
    const runner = jobRunnerOf(t.app, t.ctx);
    // Queued as the recorder does, in the transaction that writes the delivery (its job may run at once).
    const delivery = await t.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(webhookDeliveries)
        .values({ endpointId, eventId: event?.id as number })
        .returning();
      const job = await queueDelivery(runner, tx as unknown as Database, {
        id: row?.id as number,
        endpointId,
      });
      await tx
        .update(webhookDeliveries)
        .set({ jobId: job.id })
        .where(eq(webhookDeliveries.id, row?.id as number));
      return row;
    });
    await runner.idle();
    const deliveryRow = async () =>
      (
        await t.ctx.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, delivery?.id as number))
      )[0];
    expect(await deliveryRow()).toMatchObject({ state: 'pending', attempts: 0, jobId: null });

    const login = await post('/api/login', { loginName: email, password: 'the new password' });
    const jwt = (login.json() as { data: { jwt: string } }).data.jwt;
    const review = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/review',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect((review.json() as { data: AccountReview }).data.items).toHaveLength(3);

    // Kept: the webhook resumes, its waiting delivery is tried.
    const kept = await post('/api/accounts/review/keep', { kind: 'webhook', id: endpointId }, jwt);
    expect((kept.json() as { data: AccountReview }).data.items.map((item) => item.kind)).toEqual([
      'wallet',
      'key',
    ]);
    // (A failed attempt is retried later: wait for the first, not for the queue to drain.)
    for (let waited = 0; (await deliveryRow())?.attempts === 0 && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await deliveryRow())?.attempts).toBe(1);

    // Removed: the wallet and the key are gone.
    for (const item of listed.filter((entry) => entry.kind !== 'webhook')) {
      expect(
        (await post('/api/accounts/review/remove', { kind: item.kind, id: item.id }, jwt)).statusCode,
      ).toBe(200);
    }
    expect(await t.ctx.db.select().from(provedWallets).where(eq(provedWallets.accountId, accountId))).toEqual(
      [],
    );
    expect(await t.ctx.db.select().from(credentials).where(eq(credentials.accountId, accountId))).toEqual([]);
    const again = await post('/api/accounts/review/remove', { kind: 'wallet', id: listed[1]?.id }, jwt);
    expect(again.statusCode).toBe(404);
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/review',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect((empty.json() as { data: AccountReview }).data.items).toEqual([]);
  });
});
