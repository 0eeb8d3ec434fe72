import { ApiError, webhookMessages } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { encryptSecret } from '../../crypto/aesGcm.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { listOutbox } from '../../mail/mailer.ts';
import { createTestUser, type TestUser } from '../credentials/testing.ts';
import { secretBinding } from './deliver.ts';
import { webhookDeliverJobKind } from './record.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './schema.ts';
import { isPrivateAddress } from './ssrf.ts';

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => chain?.stop());

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('the call was accepted');
}

it('private, loopback, link-local and reserved addresses are refused; public ones are not', () => {
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    // IPv4-compatible ::/96, whatever the IPv4 address.
    '::127.0.0.1',
    '::7f00:1',
    '::a9fe:a9fe',
    '::8.8.8.8',
    // IPv4-translated, 6to4 and NAT64 forms of private IPv4 addresses; Teredo.
    '::ffff:0:10.0.0.1',
    '::ffff:0:7f00:1',
    '2002:7f00:1::1',
    '2002:c0a8:101::',
    '2002:a9fe:a9fe:1::1',
    '64:ff9b::7f00:1',
    '64:ff9b::8.8.8.8',
    '64:ff9b:1::a00:1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    'fe80::1%eth0',
  ])
    expect(isPrivateAddress(address), address).toBe(true);
  for (const address of [
    '8.8.8.8',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::ffff:0808:0808',
    '::ffff:0:8.8.8.8',
    '2002:808:808::1',
    '2a00:1450:4001::200e',
  ])
    expect(isPrivateAddress(address), address).toBe(false);
});

describe.each(databaseKinds)('webhook endpoints (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ kind, chain });
    alice = await createTestUser(t, 'alice');
    bob = await createTestUser(t, 'bob');
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses URLs to private addresses (without the test hook), bad input with the shared messages, and others’ endpoints', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://localhost/x',
      'http://[::127.0.0.1]/x',
      'http://[::ffff:10.0.0.1]/x',
      'http://[2002:c0a8:101::1]/x',
      // A name that does not resolve gets the same answer as a private one (no oracle for internal names).
      'http://no-such-host.invalid/x',
    ])
      expect(
        await refusal(alice.client.call('createWebhook', { body: { url, events: ['token.issued'] } })),
      ).toEqual({
        status: 400,
        message: webhookMessages.urlNotPublic,
      });
    expect(
      await refusal(
        alice.client.call('createWebhook', { body: { url: 'ftp://example.com', events: ['token.issued'] } }),
      ),
    ).toEqual({ status: 400, message: webhookMessages.urlInvalid });
    expect(
      await refusal(
        alice.client.call('createWebhook', { body: { url: 'https://example.com/hook', events: [] } }),
      ),
    ).toEqual({ status: 400, message: webhookMessages.eventsRequired });
    expect(
      await refusal(
        alice.client.call('createWebhook', {
          body: { url: 'https://example.com/hook', events: ['token.minted' as never] },
        }),
      ),
    ).toMatchObject({ status: 400 });
    expect(await alice.client.call('listWebhooks')).toEqual({ endpoints: [] });
    for (const id of ['1', '999'])
      expect(await refusal(bob.client.call('deleteWebhook', { params: { id } }))).toEqual({
        status: 404,
        message: webhookMessages.notFound,
      });
    expect(await refusal(bob.client.call('deleteWebhook', { params: { id: 'x' } }))).toEqual({
      status: 400,
      message: webhookMessages.idInvalid,
    });
  });

  it('an endpoint failing for the give-up period is disabled, its deliveries stop and its owner is mailed', async () => {
    // Written as the recorder would (POST /webhooks refuses the loopback URL, which fails every attempt).
    const [endpoint] = await t.ctx.db
      .insert(webhookEndpoints)
      .values({
        accountId: alice.accountId,
        url: 'http://127.0.0.1:9/hook',
        events: ['token.issued'],
        sealedSecret: encryptSecret(t.ctx.masterKey, 'whsec_dGVzdA==', secretBinding(alice.accountId)),
        failingSince: new Date(Date.now() - 25 * 3_600_000),
      })
      .returning();
    const runner = jobRunnerOf(t.app, t.ctx);
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const [event] = await t.ctx.db
        .insert(webhookEvents)
        .values({
          eventKey: `test:${kind}:${n}`,
          messageId: `msg_test_${kind}_${n}`,
          type: 'token.issued',
          payload: { n },
        })
        .returning();
      const [delivery] = await t.ctx.db
        .insert(webhookDeliveries)
        .values({ endpointId: endpoint?.id as number, eventId: event?.id as number })
        .returning();
      ids.push(delivery?.id as number);
    }
    // The job and the delivery's job id in one transaction, as the recorder writes them: a runner that claimed the
    // job before its id was set would take it for a stale one and do nothing.
    await t.ctx.db.transaction(async (tx) => {
      const job = await runner.enqueue(webhookDeliverJobKind, { deliveryId: ids[0] }, tx);
      await tx
        .update(webhookDeliveries)
        .set({ jobId: job.id })
        .where(eq(webhookDeliveries.id, ids[0] as number));
    });
    await runner.idle();
    const [listed] = (await alice.client.call('listWebhooks')).endpoints;
    expect(listed?.disabledOn).not.toBeNull();
    const log = await alice.client.call('listWebhookDeliveries', {
      params: { id: String(endpoint?.id), page: '1' },
    });
    expect(log.attempts).toEqual([
      expect.objectContaining({
        deliveryId: ids[0],
        attempt: 1,
        status: 'failed',
        statusCode: null,
        eventId: `msg_test_${kind}_1`,
      }),
    ]);
    expect(log.attempts[0]?.error).toContain('refused');
    const states = await t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint?.id as number));
    expect(states.map((d) => d.state)).toEqual(['failed', 'failed']);
    const mail = await listOutbox(t.ctx);
    expect(
      mail.filter((m) => m.subject === 'Tranche: a webhook endpoint was disabled').map((m) => m.to),
    ).toEqual([expect.stringContaining('alice-')]);
    // Bob cannot read Alice's log or replay her deliveries.
    expect(
      await refusal(
        bob.client.call('listWebhookDeliveries', { params: { id: String(endpoint?.id), page: '1' } }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await refusal(
        bob.client.call('replayWebhookDelivery', {
          params: { id: String(endpoint?.id), deliveryId: String(ids[0]) },
        }),
      ),
    ).toMatchObject({ status: 404 });
  });
});
