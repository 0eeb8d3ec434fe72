// Token reads under load: 10,000 tokens and 100,000 holders seeded straight into the database (as the indexer
// would have stored them), the server in a process of its own (bench/support/tokenReadsServer.ts), and
// autocannon from this process against GET /projects/search, GET /holders (first page, a deep page by number and
// by cursor, sorted by legal name), a page of a balance history of 10,000 events and a balance at a block.
// Prints req/s and p50/p95/p99 per route at 1 and at BENCH_CONNECTIONS connections. Target: p95 < 25 ms.
// Usage: pnpm bench tokens   (BENCH_SECONDS, BENCH_CONNECTIONS; BENCH_DATABASE_URL for PostgreSQL instead of PGlite)
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const size = { tokenCount: 10_000, holderCount: 100_000, historyEvents: 10_000 };

const here = path.dirname(fileURLToPath(import.meta.url));
const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(here, 'support/tokenReadsServer.ts'), JSON.stringify(size)],
  { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
);
const ready = await new Promise<{
  url: string;
  jwt: string;
  historyHolder: string;
  seedSeconds: number;
  kind: string;
}>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
  createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line)));
});
const { url: base, jwt, historyHolder } = ready;
const headers = { authorization: `Bearer ${jwt}` };

async function get(url: string): Promise<Record<string, unknown>> {
  const answer = await fetch(url, { headers });
  if (answer.status !== 200) throw new Error(`${url}: HTTP ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: Record<string, unknown> }).data;
}

type Result = { perSecond: number; p50: number; p95: number; p99: number; requests: number; errors: number };

async function measure(url: string, connectionCount: number): Promise<Result> {
  await get(url);
  const times: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = { url, connections: connectionCount, duration: durationSeconds, headers };
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      if (statusCode !== 200) errors += 1;
    });
  });
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? Number.NaN;
  return {
    requests: times.length,
    perSecond: Math.round(result.requests.average),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    errors: Math.max(errors, result.non2xx + result.errors),
  };
}

try {
  const holders = `${base}/holders/TK1/CLASS-A`;
  const page999 = await get(`${holders}?page=999&pageSize=50`);
  const routes: [string, string][] = [
    ['search, term "TK12", page 2', `${base}/projects/search?term=TK12&page=2`],
    ['search, blank term, page 500', `${base}/projects/search?page=500`],
    ['holders, page 1 of 2,000', `${holders}?page=1&pageSize=50`],
    ['holders, page 1,000 by cursor', `${holders}?page=1000&pageSize=50&after=${page999.lastCursor}`],
    ['holders, page 1,000 by number', `${holders}?page=1000&pageSize=50`],
    ['holders by legal name, page 1', `${holders}?page=1&pageSize=50&sort=legalName&order=asc`],
    [
      'history of 10,000 events, page 1',
      `${base}/balance/history/TK1/${historyHolder}/0/4000000000?page=1&pageSize=50`,
    ],
    ['balance at a block', `${base}/balance/TK1/${historyHolder}/5000`],
  ];
  const rows: string[] = [];
  for (const [name, url] of routes) {
    for (const count of [1, connections]) {
      const r = await measure(url, count);
      rows.push(
        `${name.padEnd(34)} ${String(count).padStart(5)} ${String(r.perSecond).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.requests).padStart(9)} ${String(r.errors).padStart(8)}`,
      );
    }
  }
  console.log(
    `${ready.kind}, ${size.tokenCount} tokens, ${size.holderCount} holders, ${size.historyEvents} history events (seeded in ${ready.seedSeconds.toFixed(1)} s); load average ${os.loadavg()[0]?.toFixed(1)}, ${os.cpus().length} CPU(s), ${durationSeconds} s per row; server and load generator in separate processes`,
  );
  console.log('route                              conns   req/s  p50 ms  p95 ms  p99 ms  requests  non-200');
  for (const row of rows) console.log(row);
} finally {
  server.kill('SIGTERM');
}
