import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiClient, createApiClient, type WebhookAttempt } from '@tranche/api';
import { type DevChain, startDevChain } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { type Contract, encodeBytes32String, JsonRpcProvider } from 'ethers';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { createSessionService } from '../../http/sessions.ts';
import { crashPoints } from '../../jobs/crashPoints.ts';
import { type CrashServer, killCrashServers, startCrashServer } from '../../jobs/crashTesting.ts';
import { insertAccount } from '../accounts/repository.ts';
import { deploySchemeAndWhitelist, deployTestToken, type DevWallets, devWallets } from '../tokens/testing.ts';
import { webhookEndpoints } from './schema.ts';

/**
 * Webhooks end to end: the real server in its own process (on-disk PGlite, a chain that outlives it), a receiving
 * HTTP server here that verifies every signature with the `standardwebhooks` package. The indexer reads the chain
 * events, the recorder records each once, durable jobs deliver them with backoff; the server is stopped mid-way
 * and at each crash point of the delivery job.
 */

const symbol = 'HOOK';
let chain: DevChain;
let provider: JsonRpcProvider;
let wallets: DevWallets;
let token: Contract;
let dataDir: string;
let server: CrashServer | undefined;
const sessions = new Map<'owner' | 'other', string>();
const env = { TRANCHE_WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '1000' };
const table: { point: string; exit: number | null; received: number; recordedDelivered: number }[] = [];

type Receipt = { id: string; type: string; status: number; verified: boolean };

/** A webhook receiver: verifies each request with the secret it is given, answers 500 to its first `failFirst`. */
async function receiver(failFirst: number) {
  const receipts: Receipt[] = [];
  let secret = '';
  let inFlight = 0;
  const http: Server = createServer((req, res) => {
    inFlight += 1;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      let type = '';
      try {
        const payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as {
          type: string;
        };
        verified = true;
        type = payload.type;
      } catch {
        verified = false;
      }
      const status = !verified ? 400 : receipts.length < failFirst ? 500 : 200;
      receipts.push({ id: String(req.headers['webhook-id']), type, status, verified });
      res.statusCode = status;
      res.end(status === 200 ? 'ok' : 'no');
      inFlight -= 1;
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/hook`,
    receipts,
    setSecret: (value: string) => {
      secret = value;
    },
    inFlight: () => inFlight,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

const client = (who: 'owner' | 'other'): ApiClient => {
  if (!server) throw new Error('no server');
  return createApiClient({ baseUrl: server.url, getToken: () => sessions.get(who) as string });
};

async function start(extra: Record<string, string> = {}) {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  server = await startCrashServer(dataDir, chain.rpcUrl, { ...env, ...extra });
}

async function until<T>(what: string, read: () => Promise<T> | T, ok: (value: T) => boolean, ms = 120_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function log(endpointId: number): Promise<WebhookAttempt[]> {
  const all: WebhookAttempt[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await client('owner').call('listWebhookDeliveries', {
      params: { id: String(endpointId), page: String(page) },
    });
    all.push(...answer.attempts);
    if (page >= answer.pages) return all;
  }
}

const partition = encodeBytes32String('hooks');
const issue = async (amount: bigint) =>
  (
    await token.getFunction('issueByPartition(bytes32,address,uint256,bytes)')(
      partition,
      wallets.holders[0]?.address,
      amount,
      '0x',
    )
  ).wait();

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  provider = new JsonRpcProvider(chain.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  wallets = devWallets(provider);
  dataDir = mkdtempSync(path.join(tmpdir(), 'tranche-webhooks-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const issuer = createSessionService(
    new TextEncoder().encode('crash-test-secret-crash-test-secret!'),
    '12h',
  );
  const ids = new Map<string, number>();
  for (const who of ['owner', 'other'] as const) {
    const row = await insertAccount(database.db, {
      loginName: `${who}@hooks.test`,
      emailAddress: `${who}@hooks.test`,
      profileName: who,
      passwordHash: 'unused',
      confirmedOn: new Date(),
    });
    if (!row) throw new Error('account not created');
    ids.set(who, row.id);
    sessions.set(who, await issuer.issue({ accountId: row.id, sessionVersion: row.sessionVersion }));
  }
  const setup = await deploySchemeAndWhitelist(wallets);
  token = await deployTestToken(database.db, wallets, setup, {
    symbol,
    name: 'Hook Co',
    accountId: ids.get('owner'),
  });
  await database.close();
  await start();
}, 600_000);

afterAll(async () => {
  killCrashServers();
  console.log('\nWebhook delivery crash points');
  console.table(table);
  provider?.destroy();
  await chain?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let endpointId = 0;
let hooks: Awaited<ReturnType<typeof receiver>>;

it('every event arrives signed, each id is delivered and recorded once, the log shows the retries, a restart loses nothing', async () => {
  hooks = await receiver(3);
  const created = await client('owner').call('createWebhook', {
    body: { url: hooks.url, events: ['token.issued', 'token.paused', 'token.resumed'] },
  });
  endpointId = created.id;
  hooks.setSecret(created.secret);
  expect(created.secret).toMatch(/^whsec_/);
  // Another account subscribed to the same events may not see this token's investor data: it gets nothing.
  const others = await receiver(0);
  const other = await client('other').call('createWebhook', {
    body: { url: others.url, events: ['token.issued', 'token.paused', 'token.resumed'] },
  });
  others.setSecret(other.secret);
  const listed = await client('owner').call('listWebhooks');
  expect(listed.endpoints).toEqual([
    expect.objectContaining({
      id: endpointId,
      url: hooks.url,
      events: ['token.issued', 'token.paused', 'token.resumed'],
    }),
  ]);
  expect(JSON.stringify(listed)).not.toContain(created.secret);

  // One event, failed three times (1 s, 2 s, 4 s apart) ...
  await issue(10n);
  await until(
    'three failed attempts recorded',
    () => log(endpointId),
    (rows) => rows.length >= 3,
  );
  await until(
    'no request in flight',
    () => hooks.inFlight(),
    (n) => n === 0,
  );
  // ... then the server process is killed while the fourth attempt waits, and more happens on the chain.
  server?.child.kill('SIGKILL');
  await server?.exited;
  await issue(20n);
  await (await token.getFunction('pause')()).wait();
  await (await token.getFunction('unPause')()).wait();
  await start();

  const delivered = (receipts: Receipt[]) =>
    new Set(receipts.filter((r) => r.status === 200).map((r) => r.id));
  await until(
    'four events delivered',
    () => delivered(hooks.receipts).size,
    (n) => n === 4,
  );
  expect(hooks.receipts.every((r) => r.verified)).toBe(true);
  const ok = hooks.receipts.filter((r) => r.status === 200);
  expect(ok.map((r) => r.type).sort()).toEqual([
    'token.issued',
    'token.issued',
    'token.paused',
    'token.resumed',
  ]);
  // Each id answered 2xx once (nothing sent again after a success) and recorded delivered once.
  expect(ok.length).toBe(4);
  const rows = await log(endpointId);
  const deliveredRows = rows.filter((r) => r.status === 'delivered');
  expect(deliveredRows.map((r) => r.eventId).sort()).toEqual([...delivered(hooks.receipts)].sort());
  const first = hooks.receipts[0]?.id;
  const firstRows = rows.filter((r) => r.eventId === first).sort((a, b) => a.attempt - b.attempt);
  expect(firstRows.map((r) => [r.attempt, r.status, r.statusCode])).toEqual([
    [1, 'retrying', 500],
    [2, 'retrying', 500],
    [3, 'retrying', 500],
    [4, 'delivered', 200],
  ]);
  expect(others.receipts).toEqual([]);
  await others.close();

  // Replay: the same webhook-id once more, a new attempt in the log.
  const replayed = deliveredRows[0] as WebhookAttempt;
  await client('owner').call('replayWebhookDelivery', {
    params: { id: String(endpointId), deliveryId: String(replayed.deliveryId) },
  });
  await until(
    'the replay',
    () => hooks.receipts.filter((r) => r.id === replayed.eventId).length,
    (n) => n >= 2,
  );
  const after = await until(
    'the replay in the log',
    () => log(endpointId),
    (all) => all.filter((r) => r.deliveryId === replayed.deliveryId).length === (replayed.attempt ?? 1) + 1,
  );
  expect(after.filter((r) => r.deliveryId === replayed.deliveryId && r.statusCode === 200).length).toBe(2);
}, 600_000);

it('the delivery job at each crash point: the restart delivers the event, recorded delivered once', async () => {
  for (const point of crashPoints.webhook) {
    const before = hooks.receipts.length;
    await start({ TRANCHE_CRASH_AT: point });
    const dying = server as CrashServer;
    await issue(1n);
    const exit = await dying.exited;
    await start();
    const fresh = () => hooks.receipts.slice(before).filter((r) => r.status === 200);
    const id = (await until('the event delivered', fresh, (list) => list.length >= 1))[0]?.id as string;
    const rows = await until(
      'the delivery recorded',
      () => log(endpointId),
      (all) => all.some((r) => r.eventId === id && r.status === 'delivered'),
    );
    const recordedDelivered = rows.filter((r) => r.eventId === id && r.status === 'delivered').length;
    const received = hooks.receipts.filter((r) => r.id === id).length;
    table.push({ point, exit, received, recordedDelivered });
    expect(exit, `the server stops at ${point}`).toBe(86);
    expect(recordedDelivered).toBe(1);
    // Stopped after the answer, before it was recorded: the same webhook-id is sent again (receivers dedupe by it).
    expect(received).toBe(point === 'webhook:answered' ? 2 : 1);
  }
  await hooks.close();
  server?.child.kill('SIGKILL');
  await server?.exited;
  // At rest the secret is sealed: the stored column never holds it.
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const [row] = await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  expect(row?.sealedSecret).toBeTruthy();
  expect(row?.sealedSecret).not.toContain('whsec_');
  await database.close();
}, 600_000);
