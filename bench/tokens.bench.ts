// Token reads under load: 10,000 tokens and 100,000 holders seeded straight into the database (as the indexer
// would have stored them), then autocannon against GET /projects/search, GET /holders (first and a deep page)
// and a page of a balance history of 10,000 events. Prints req/s and p50/p95/p99 per route. Target: p95 < 25 ms.
// Usage: pnpm bench tokens   (BENCH_SECONDS, BENCH_CONNECTIONS; BENCH_DATABASE_URL for PostgreSQL instead of PGlite)
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { startDevChain } from '../contracts/src/index.ts';
import { insertAccount } from '../server/src/modules/accounts/repository.ts';
import { createTestApp, testPasswordHashing } from '../server/test/helpers.ts';
import { hashPassword } from '../server/src/modules/accounts/service.ts';
import { seedTokenReads } from '../server/src/modules/tokens/benchSeed.ts';

process.env.INDEXER = 'off';
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const tokenCount = 10_000;
const holderCount = 100_000;
const historyEvents = 10_000;

const chain = await startDevChain({ port: 0 });
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const kind = process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite';
const t = await createTestApp({ kind, chain });
const db = t.ctx.db;

const started = Date.now();
const { historyHolder } = await seedTokenReads(db, { tokenCount, holderCount, historyEvents });
const seedSeconds = ((Date.now() - started) / 1000).toFixed(1);

const account = await insertAccount(db, {
  loginName: 'bench@example.com',
  emailAddress: 'bench@example.com',
  profileName: 'Bench',
  passwordHash: await hashPassword('bench password', testPasswordHashing),
  confirmationCodeHash: null,
  confirmedOn: new Date(),
});
if (!account) throw new Error('no bench account');
const jwt = await t.ctx.sessions.issue({ accountId: account.id, sessionVersion: account.sessionVersion });
await t.app.listen({ port: 0, host: '127.0.0.1' });

const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;

type Result = {
  name: string;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
};

async function measure(name: string, url: string): Promise<Result> {
  const check = await fetch(url, { headers: { authorization: `Bearer ${jwt}` } });
  if (check.status !== 200) throw new Error(`${name}: HTTP ${check.status} ${await check.text()}`);
  const times: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url,
    connections,
    duration: durationSeconds,
    headers: { authorization: `Bearer ${jwt}` },
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    if (statusCode !== 200) errors += 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? Number.NaN;
  return {
    name,
    requests: times.length,
    perSecond: Math.round(result.requests.average),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    errors: Math.max(errors, result.non2xx + result.errors),
  };
}

try {
  const results = [
    await measure('search, term "TK12", page 2', `${base}/projects/search?term=TK12&page=2`),
    await measure('search, blank term, page 500', `${base}/projects/search?page=500`),
    await measure('holders, page 1 of 2,000', `${base}/holders/TK1/CLASS-A?page=1&pageSize=50`),
    await measure('holders, page 1,000 of 2,000', `${base}/holders/TK1/CLASS-A?page=1000&pageSize=50`),
    await measure(
      'history of 10,000 events, page 1',
      `${base}/balance/history/TK1/${historyHolder}/0/4000000000?page=1&pageSize=50`,
    ),
    await measure('balance at a block', `${base}/balance/TK1/${historyHolder}/5000`),
  ];
  console.log(
    `${kind}, ${tokenCount} tokens, ${holderCount} holders, ${historyEvents} history events (seeded in ${seedSeconds} s); load average ${os.loadavg()[0]?.toFixed(1)}, ${os.cpus().length} CPU(s), ${connections} connections, ${durationSeconds} s each; server and load generator in one process`,
  );
  console.log('route                                req/s   p50 ms  p95 ms  p99 ms  requests  non-200');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(34)} ${String(r.perSecond).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.requests).padStart(9)} ${String(r.errors).padStart(8)}`,
    );
  }
} finally {
  await t.close();
  await chain.stop();
}
