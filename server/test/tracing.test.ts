import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { type ApiClient, createApiClient } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import type { JsonRpcProvider } from 'ethers';
import pino from 'pino';
import { trace as otelTrace } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loggerOptions } from '../src/logging.ts';
import { indexerOf } from '../src/modules/tokens/routes.ts';
import { deploySchemeAndWhitelist, deployTestToken, devWallets } from '../src/modules/tokens/testing.ts';
import { flushTraces, startTracing, stopTracing, traceDatabase } from '../src/telemetry/tracing.ts';
import {
  accountWithKeys,
  createTestApp,
  createTestDatabase,
  databaseKinds,
  startTestChain,
  type TestApp,
  testProvider,
} from './helpers.ts';

/** A span as OTLP/HTTP JSON carries it (the fields read here). */
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
};

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
};

/** The server's logger (info and up), its lines parsed into `lines`. */
function jsonLogger(lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return pino(loggerOptions('info'), sink);
}

// A small OTLP/HTTP receiver: what the exporter posts to /v1/traces.
const received: OtlpSpan[] = [];
const paths: string[] = [];
const receiver = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
  });
  request.on('end', () => {
    paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
    const payload = JSON.parse(body) as {
      resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
    };
    for (const resource of payload.resourceSpans)
      for (const scope of resource.scopeSpans) received.push(...scope.spans);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

let chain: DevChain;
let t: TestApp;
let provider: JsonRpcProvider;
let issuer: ApiClient;
let symbol: string;
let holder: string;
let owner: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  expect(await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/` })).toBe(true);
  chain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain });
  provider = testProvider(chain);
  const wallets = devWallets(provider);
  const setup = await deploySchemeAndWhitelist(wallets, { verifyOwner: true });
  const { jwt } = await accountWithKeys(t, 'traced@example.com', [wallets.owner, wallets.controller]);
  symbol = `TR${randomBytes(2).toString('hex').toUpperCase()}`;
  await deployTestToken(t.ctx.db, wallets, setup, { symbol, name: 'Traced token' });
  holder = wallets.holders[0]?.address as string;
  owner = wallets.owner.address;
  // The app under test: its own logger, so that its lines can be read.
  await t.app.close();
  t.app = await buildApp({ ...t.ctx, logger: jsonLogger(logLines), consoleDir: null });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (t.app.server.address() as AddressInfo).port;
  issuer = createApiClient({ baseUrl: `http://127.0.0.1:${appPort}`, getToken: () => jwt });
  await issuer.call('createPartition', { body: { name: 'CLASS-T', description: 'Traced class' } });
});
afterAll(async () => {
  provider?.destroy();
  await t?.close();
  await chain?.stop();
  await stopTracing();
  receiver.close();
});

it('a token issue sends spans for the request, its database queries and its chain calls to OTLP/HTTP', async () => {
  const { transactionHash } = await issuer.call('issueTokens', {
    body: {
      symbol,
      accountAddress: owner,
      txMode: 2,
      holderAddress: holder,
      amount: '25',
      partition: 'CLASS-T',
      additionalData: 'Traced',
    },
  });
  const receipt = await t.ctx.chain.waitForReceipt(transactionHash, { timeoutMs: 10_000 });
  await indexerOf(t.app)?.waitForBlock(receipt.blockNumber, 20_000);
  await flushTraces();

  expect(paths).toContain('POST /v1/traces application/json');
  const requestSpan = received.find(
    (span) => span.name === 'request' && attribute(span, 'http.route') === '/api/token/issue',
  );
  expect(requestSpan).toBeDefined();
  const request = requestSpan as OtlpSpan;
  expect(attribute(request, 'http.request.method')).toBe('POST');
  expect(attribute(request, 'http.response.status_code')).toBe('200');
  // The request's id (x-request-id) is on its span.
  const requestId = attribute(request, 'http.request.id');
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

  // Every span of the request's trace, and which of them descend from the request span.
  const trace = received.filter((span) => span.traceId === request.traceId);
  const byId = new Map(trace.map((span) => [span.spanId, span]));
  const underRequest = (span: OtlpSpan): boolean => {
    let parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
    while (parent) {
      if (parent === request) return true;
      parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined;
    }
    return false;
  };
  const queries = trace.filter((span) => attribute(span, 'db.system.name') === 'postgresql');
  expect(queries.length).toBeGreaterThan(0);
  expect(queries.every(underRequest)).toBe(true);
  expect(queries.map((span) => span.name)).toEqual(expect.arrayContaining(['SELECT', 'INSERT']));
  // Parametrized SQL, never the values (the additional data stays out).
  for (const span of queries) expect(attribute(span, 'db.query.text')).not.toContain('Traced');
  const chainCalls = trace.filter((span) => attribute(span, 'rpc.system') === 'jsonrpc');
  expect(chainCalls.every(underRequest)).toBe(true);
  expect(chainCalls.map((span) => span.name)).toEqual(
    expect.arrayContaining(['eth_estimateGas', 'eth_sendRawTransaction']),
  );
  // Client spans (kind 3 in OTLP) for both.
  expect(new Set([...queries, ...chainCalls].map((span) => span.kind))).toEqual(new Set([3]));

  // The request's log lines name its request id and its trace.
  const lines = logLines.filter((line) => line.reqId === requestId);
  expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['request completed']));
  expect(lines.some((line) => line.trace_id === request.traceId)).toBe(true);
});

it("a line logged through the app's own logger during a request names the request and its trace", async () => {
  const lines: Record<string, unknown>[] = [];
  const app = await buildApp({
    ...t.ctx,
    logger: jsonLogger(lines),
    consoleDir: null,
    modules: [],
  });
  app.get('/probe', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    app.log.warn('logged by a module');
    return 'ok';
  });
  const answer = await app.inject({ method: 'GET', url: '/probe', headers: { 'x-request-id': 'probe-1' } });
  app.log.warn('logged outside any request');
  await app.close();
  expect(answer.headers['x-request-id']).toBe('probe-1');
  const inside = lines.find((line) => line.msg === 'logged by a module');
  expect(inside?.reqId).toBe('probe-1');
  expect(inside?.trace_id).toMatch(/^[0-9a-f]{32}$/);
  const outside = lines.find((line) => line.msg === 'logged outside any request');
  expect(outside).toBeDefined();
  expect(outside?.reqId).toBeUndefined();
});

it.each(databaseKinds)(
  'on %s each query is one span, in a transaction too, under the span that ran it',
  async (kind) => {
    const database = await createTestDatabase(kind);
    try {
      traceDatabase(database.db, kind);
      const tracer = otelTrace.getTracer('test');
      const parent = await tracer.startActiveSpan('work', async (span) => {
        await database.db.execute(sql`select 1 as one`);
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`select 2 as two`);
        });
        span.end();
        return span.spanContext();
      });
      await flushTraces();
      const children = received.filter((span) => span.parentSpanId === parent.spanId);
      const texts = children.map((span) => attribute(span, 'db.query.text'));
      expect(texts.filter((text) => text === 'select 1 as one')).toHaveLength(1);
      expect(texts.filter((text) => text === 'select 2 as two')).toHaveLength(1);
      expect(children.every((span) => span.traceId === parent.traceId)).toBe(true);
    } finally {
      await database.close();
    }
  },
);
