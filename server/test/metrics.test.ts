import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ApiClient, createApiClient } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { Wallet } from 'ethers';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { defaultThrottles } from '../src/http/throttle.ts';
import { jobs, jobTransactions } from '../src/jobs/schema.ts';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../src/modules/webhooks/schema.ts';
import { indexerOf } from '../src/modules/tokens/routes.ts';
import { deploySchemeAndWhitelist, deployTestToken, devWallets } from '../src/modules/tokens/testing.ts';
import {
  accountWithKeys,
  createTestApp,
  databaseKinds,
  startTestChain,
  type TestApp,
  testProvider,
} from './helpers.ts';

/** One sample of the Prometheus text format: name, labels, value. */
type Sample = { name: string; labels: Record<string, string>; value: number };

function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key as string] = (value as string).replace(/\\(.)/g, '$1');
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The one sample of `name` whose labels include `labels` (fails when there is none or several). */
function sample(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  expect(found, `${name} ${JSON.stringify(labels)}`).toHaveLength(1);
  return (found[0] as Sample).value;
}

/** tranche_http_requests_total of one route, method and status. */
const requests = (samples: Sample[], route: string, method: string, status: string) =>
  sample(samples, 'tranche_http_requests_total', { route, method, status });

const metricsToken = randomBytes(32).toString('hex');

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
});

describe.each(databaseKinds)('GET /metrics on %s', (kind) => {
  let t: TestApp;
  let provider: JsonRpcProvider;
  let issuer: ApiClient;
  let tokenAddress: string;
  let issueBlock: number;
  const stuckAddress = Wallet.createRandom().address.toLowerCase();

  const scrape = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });

  beforeAll(async () => {
    // Two wrong passwords per address + account, then 429 (a throttled request).
    t = await createTestApp({
      kind,
      chain,
      metricsToken,
      limits: { throttles: { ...defaultThrottles, perAccount: 2 } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    provider = testProvider(chain);
    const wallets = devWallets(provider);
    const setup = await deploySchemeAndWhitelist(wallets, { verifyOwner: true });
    const symbol = `M${kind === 'pglite' ? 'L' : 'P'}${randomBytes(2).toString('hex').toUpperCase()}`;
    const { accountId } = await accountWithKeys(t, `issuer.${kind}@example.com`, [
      wallets.owner,
      wallets.controller,
    ]);
    const token = await deployTestToken(t.ctx.db, wallets, setup, { symbol, name: 'Metrics token' });
    tokenAddress = (await token.getAddress()).toLowerCase();

    // The journey: wrong passwords until throttled, a login, a partition, an issue on the chain (txMode 2).
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.0.0.7',
        payload: { loginName: `issuer.${kind}@example.com`, password: 'not the password' },
      });
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.0.0.8',
      payload: { loginName: `issuer.${kind}@example.com`, password: 'a long password' },
    });
    expect(login.statusCode).toBe(200);
    const jwt = (login.json() as { data: { jwt: string } }).data.jwt;
    issuer = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, getToken: () => jwt });
    await issuer.call('createPartition', { body: { name: 'CLASS-M', description: 'Metrics class' } });
    const { transactionHash } = await issuer.call('issueTokens', {
      body: {
        symbol,
        accountAddress: wallets.owner.address,
        txMode: 2,
        holderAddress: wallets.holders[0]?.address as string,
        amount: '150',
        partition: 'CLASS-M',
        additionalData: 'Round 1',
      },
    });
    const receipt = await t.ctx.chain.waitForReceipt(transactionHash, { timeoutMs: 10_000 });
    issueBlock = receipt.blockNumber;
    await indexerOf(t.app)?.waitForBlock(issueBlock, 20_000);
    await issuer.call('getProject', { params: { code: symbol } });
    await t.app.inject({ method: 'GET', url: '/api/no/such/call' });

    // What the queues hold now: a job waiting 90 s (a kind no runner claims), a transaction signed two hours ago
    // and never mined, a webhook endpoint failing for ten minutes with two failed attempts.
    await t.ctx.db.insert(jobs).values({
      kind: 'metrics.waiting',
      runAfter: new Date(Date.now() - 90_000),
      createdOn: new Date(Date.now() - 90_000),
    });
    await t.ctx.db.insert(jobTransactions).values({
      stepKey: 'send',
      fromAddress: stuckAddress,
      nonce: 7,
      hash: `0x${randomBytes(32).toString('hex')}`,
      raw: '0x00',
      createdOn: new Date(Date.now() - 2 * 3_600_000),
    });
    const [endpoint] = await t.ctx.db
      .insert(webhookEndpoints)
      .values({
        accountId,
        url: 'https://hooks.example.com/tranche',
        events: [],
        sealedSecret: 'sealed',
        failingSince: new Date(Date.now() - 600_000),
      })
      .returning();
    const [event] = await t.ctx.db
      .insert(webhookEvents)
      .values({ eventKey: `metrics:${kind}`, messageId: `msg_${kind}`, type: 'token.issued', payload: {} })
      .returning();
    const [delivery] = await t.ctx.db
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint?.id as number,
        eventId: event?.id as number,
        state: 'failed',
        attempts: 2,
      })
      .returning();
    await t.ctx.db.insert(webhookAttempts).values([
      { deliveryId: delivery?.id as number, attempt: 1, statusCode: 500, willRetry: true },
      { deliveryId: delivery?.id as number, attempt: 2, statusCode: null, error: 'timeout' },
    ]);
  });
  afterAll(async () => {
    provider?.destroy();
    await t?.close();
  });

  it('answers 401 without the token or with a wrong one, in constant time through the access module', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      `Bearer ${metricsToken}x`,
      `Bearer ${metricsToken.slice(0, -1)}`,
      `Basic ${metricsToken}`,
    ]) {
      const answer = await scrape(authorization);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.json()).toEqual({ statusCode: 401, error: { message: 'Authentication required' } });
    }
  });

  it('finds every named series with the values of the journey', async () => {
    const answer = await scrape(`Bearer ${metricsToken}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    const samples = parseMetrics(text);
    // Every series is Tranche's.
    for (const s of samples) expect(s.name.startsWith('tranche_')).toBe(true);

    // Requests by route pattern: the token's symbol never becomes a label.
    expect(requests(samples, '/api/token/issue', 'POST', '200')).toBe(1);
    expect(requests(samples, '/api/projects/:code', 'GET', '200')).toBe(1);
    expect(requests(samples, '/api/login', 'POST', '401')).toBe(2);
    expect(requests(samples, 'unmatched', 'GET', '404')).toBe(1);
    const routes = new Set(samples.filter((s) => s.labels.route).map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/^\/api\/projects\/M/);
    // The latency histogram of the issue: one observation, within its buckets.
    const issue = { route: '/api/token/issue', method: 'POST' };
    expect(sample(samples, 'tranche_http_request_duration_seconds_count', issue)).toBe(1);
    const seconds = sample(samples, 'tranche_http_request_duration_seconds_sum', issue);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(30);
    expect(sample(samples, 'tranche_http_request_duration_seconds_bucket', { ...issue, le: '+Inf' })).toBe(1);
    expect(text).toContain('# TYPE tranche_http_errors_total counter');

    // Logins refused and throttled.
    expect(sample(samples, 'tranche_login_failures_total', { reason: 'wrong_credentials' })).toBe(2);
    expect(sample(samples, 'tranche_throttled_requests_total', { route: '/api/login' })).toBe(1);

    // The chain and the indexer: the token followed and indexed to the issue's block at least.
    const head = sample(samples, 'tranche_chain_head_block');
    expect(head).toBeGreaterThanOrEqual(issueBlock);
    expect(sample(samples, 'tranche_chain_up')).toBe(1);
    const lag = sample(samples, 'tranche_indexer_lag_blocks', { contract: tokenAddress, kind: 'token' });
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThanOrEqual(head - issueBlock);
    expect(sample(samples, 'tranche_indexer_leader')).toBe(1);

    // Jobs waiting, a stuck transaction, a failing webhook endpoint.
    expect(sample(samples, 'tranche_jobs_queued', { kind: 'metrics.waiting' })).toBe(1);
    const age = sample(samples, 'tranche_job_oldest_age_seconds', { kind: 'metrics.waiting' });
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(600);
    expect(sample(samples, 'tranche_pending_transactions', { address: stuckAddress, state: 'stuck' })).toBe(
      1,
    );
    expect(sample(samples, 'tranche_pending_transactions', { address: stuckAddress, state: 'pending' })).toBe(
      0,
    );
    const failures = samples.filter((s) => s.name === 'tranche_webhook_failures_total');
    expect(failures.map((s) => s.value)).toEqual([2]);
    const endpoint = failures[0]?.labels.endpoint as string;
    expect(sample(samples, 'tranche_webhook_endpoint_failing_seconds', { endpoint })).toBeGreaterThanOrEqual(
      600,
    );

    // The database and its pool.
    expect(sample(samples, 'tranche_database_up')).toBe(1);
    const poolMax = sample(samples, 'tranche_db_pool_max');
    expect(sample(samples, 'tranche_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(samples, 'tranche_db_pool_connections', { state: 'total' })).toBeLessThanOrEqual(poolMax);
    if (kind === 'postgresql') expect(poolMax).toBe(10);
    else expect(poolMax).toBe(1);
    // And the process.
    expect(sample(samples, 'tranche_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts the scrape itself and nothing of the console under its own label', async () => {
    const samples = parseMetrics((await scrape(`Bearer ${metricsToken}`)).body);
    expect(requests(samples, '/metrics', 'GET', '200')).toBeGreaterThanOrEqual(1);
    expect(requests(samples, '/metrics', 'GET', '401')).toBe(5);
  });
});

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', chain });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the route is off: 404 like any unknown call, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${metricsToken}` }]) {
      const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ statusCode: 404, error: { message: 'This API call does not exist' } });
    }
  });
});

it('METRICS_TOKEN is refused at start when shorter than 32 characters or not a bearer token', () => {
  expect(loadConfig({ METRICS_TOKEN: metricsToken }).metricsToken).toBe(metricsToken);
  expect(loadConfig({}).metricsToken).toBeUndefined();
  for (const bad of ['short', `${'a'.repeat(40)} b`, 'ä'.repeat(40)])
    expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/^METRICS_TOKEN must be at least 32 characters/);
});
