import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { type ApiClient, jobQueueMessages, zeroAddress } from '@tranche/api';
import { type DevChain, devAccountKeys } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, failureOf, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { jobRunnerOf, maxQueuedJobsPerAccount } from '../../jobs/runner.ts';
import { jobs } from '../../jobs/schema.ts';
import { createTestUser } from '../credentials/testing.ts';
import { addressOfKey, type IssuerChain, randomAddresses, setupIssuerChain } from '../drafts/testing.ts';
import { webhookDeliveries } from './schema.ts';
import { sendWebhook, webhookTimeoutMs } from './send.ts';
import { queueTestDeliveries, readJob } from './testing.ts';

/**
 * Webhook deliveries never hold up user work (Trust III): they run in their own lane of the job runner, one at a
 * time per endpoint, and a user's replays are deduplicated and capped. The endpoint here is silent: a TCP server that
 * accepts every connection and never answers.
 */

// Before ssrf.ts loads (it reads it once): deliveries go to 127.0.0.1 here. Removed again after this file.
vi.hoisted(() => {
  process.env.TRANCHE_WEBHOOK_ALLOW_PRIVATE = '1';
});

let chain: DevChain;
let t: TestApp;
let setup: IssuerChain;
let silent: Server;
let silentUrl: string;
const sockets: Socket[] = [];
/** The most connections the silent endpoint held open at once. */
let mostOpen = 0;
const issuer = addressOfKey(devAccountKeys[1]);

beforeAll(async () => {
  chain = await startTestChain();
  setup = await setupIssuerChain(chain.rpcUrl, [issuer]);
  t = await createTestApp({ kind: 'pglite', chain });
  silent = createServer((socket) => {
    sockets.push(socket);
    mostOpen = Math.max(mostOpen, sockets.filter((s) => !s.destroyed).length);
    socket.on('error', () => undefined);
    socket.on('close', () => socket.destroy());
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}/hook`;
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  silent?.close();
  await t?.close();
  setup?.close();
  await chain?.stop();
  delete process.env.TRANCHE_WEBHOOK_ALLOW_PRIVATE;
});

/** `count` deliveries to the silent endpoint (a new endpoint of `accountId`), queued as the recorder queues them. */
const queueSilent = (accountId: number, count: number) =>
  queueTestDeliveries(t.ctx, jobRunnerOf(t.app, t.ctx), accountId, silentUrl, count);

const pending = async (endpointId: number) =>
  (
    await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))
  ).filter((row) => row.state === 'pending').length;

it('a draft deployment completes while 200 deliveries to a silent endpoint are queued ahead of it', async () => {
  const other = await createTestUser(t, 'hooked');
  const queued = await queueSilent(other.accountId, 200);
  // The silent endpoint gets its first delivery (and keeps it waiting).
  await vi.waitFor(() => expect(sockets.length).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });

  const user = await createTestUser(t, 'deployer');
  const investors = randomAddresses(3);
  await setup.verify(investors);
  await user.client.call('createDraft', {
    body: {
      bulk: {
        tokens: [
          {
            symbol: 'LANE',
            name: 'Lane token',
            exchangeRate: 1,
            currency: 'EUR',
            codebaseId: 1,
            whitelistAddress: setup.whitelistAddress,
            controllerAddress: zeroAddress,
            investors: investors.map((publicAddress) => ({ publicAddress, investmentAmount: 100 })),
          },
        ],
      },
    },
  });
  const { jobId } = await user.client.call('deployDraft', {
    body: { txMode: 2, symbol: 'LANE', accountAddress: issuer, ownerAddress: issuer },
  });
  await vi.waitFor(async () => expect((await readJob(t.ctx.db, jobId))?.state).toBe('done'), {
    timeout: 20_000,
    interval: 100,
  });
  const draft = await user.client.call('getDraft', { params: { symbol: 'LANE' } });
  expect(draft.investors.map((investor) => investor.status)).toEqual([2, 2, 2]);
  // The deliveries are still queued behind their silent endpoint, which holds one connection at a time, not every slot.
  expect(await pending(queued.endpointId)).toBeGreaterThanOrEqual(190);
  expect(mostOpen).toBe(1);
}, 60_000);

it('replaying a delivery queues one attempt however often it is asked; replays beyond the cap get a 429', async () => {
  const owner = await createTestUser(t, 'replayer');
  const queued = await queueSilent(owner.accountId, maxQueuedJobsPerAccount + 1);
  const replay = (client: ApiClient, deliveryId: number, endpointId = queued.endpointId) =>
    client.call('replayWebhookDelivery', {
      params: { id: String(endpointId), deliveryId: String(deliveryId) },
    });
  const first = queued.deliveryIds[0] as number;
  const answers = await Promise.all(Array.from({ length: 40 }, () => replay(owner.client, first)));
  expect(answers.every((answer) => answer.queued && answer.deliveryId === first)).toBe(true);
  const replays = (await t.ctx.db.select().from(jobs)).filter(
    (job) => job.payload.replay === true && job.payload.deliveryId === first,
  );
  expect(replays).toHaveLength(1);
  // The account's other deliveries, replayed one each, up to the cap on its queued work.
  for (const deliveryId of queued.deliveryIds.slice(1, maxQueuedJobsPerAccount))
    await replay(owner.client, deliveryId);
  const refused = await failureOf(
    replay(owner.client, queued.deliveryIds[maxQueuedJobsPerAccount] as number),
  );
  expect([refused.statusCode, refused.message]).toEqual([
    429,
    jobQueueMessages.full(maxQueuedJobsPerAccount),
  ]);
  // Another account's work is not capped by it.
  const stranger = await createTestUser(t, 'stranger');
  const theirs = await queueSilent(stranger.accountId, 1);
  const theirFirst = theirs.deliveryIds[0] as number;
  expect(await replay(stranger.client, theirFirst, theirs.endpointId)).toEqual({
    deliveryId: theirFirst,
    queued: true,
  });
}, 60_000);

it('an endpoint that answers a byte at a time holds a delivery at most 10 s in all', async () => {
  const drip = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => response.write('.'), 500);
    response.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => drip.listen(0, '127.0.0.1', resolve));
  try {
    const started = Date.now();
    const result = await sendWebhook(
      `http://127.0.0.1:${(drip.address() as { port: number }).port}/hook`,
      'whsec_dGVzdA==',
      'msg_drip',
      '{}',
    );
    const seconds = (Date.now() - started) / 1000;
    expect(result).toEqual({ statusCode: null, error: `no answer within ${webhookTimeoutMs / 1000} s` });
    expect(seconds).toBeGreaterThanOrEqual(webhookTimeoutMs / 1000 - 0.5);
    expect(seconds).toBeLessThan(webhookTimeoutMs / 1000 + 3);
  } finally {
    drip.closeAllConnections();
    drip.close();
  }
}, 30_000);
