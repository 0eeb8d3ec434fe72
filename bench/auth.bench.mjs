// Login and GET /auth throughput and p95 latency against a real server (its own process, embedded chain,
// fresh PGlite data dir, production argon2id cost). Run: pnpm bench auth
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tranche-bench-'));

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: '0', CHAIN_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
const ready = new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => {
    output += chunk.toString();
    const url = /Tranche is running at (\S+)/.exec(output)?.[1];
    const demo = /Demo login: (\S+) \/ (\S+)/.exec(output);
    if (url && demo) resolve({ url, login: demo[1], password: demo[2] });
  });
  server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
});

async function measure(name, options) {
  const times = [];
  let errors = 0;
  const instance = autocannon({ ...options, connections, duration: durationSeconds });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    if (statusCode !== 200) errors += 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? Number.NaN;
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
  const { url, login, password } = await ready;
  const loginBody = JSON.stringify({ loginName: login, password });
  const loginAnswer = await (
    await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    })
  ).json();
  const jwt = loginAnswer.data.jwt;

  const results = [
    await measure('POST /api/login', {
      url: `${url}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    }),
    await measure('GET /api/auth', { url: `${url}/api/auth`, headers: { authorization: `Bearer ${jwt}` } }),
  ];
  console.log(
    `load average ${os.loadavg()[0].toFixed(1)}, ${os.cpus().length} CPU(s), ${connections} connections, ${durationSeconds} s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, argon2id 19 MiB / 2 passes`,
  );
  console.log('route               req/s   p50 ms  p95 ms  p99 ms  requests  non-200');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(18)} ${String(r.perSecond).padStart(6)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.requests).padStart(9)} ${String(r.errors).padStart(8)}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
