// Regulator packs (issue 38): a real token on the embedded chain whose index holds 10,000 holders and 100,000
// movements (synthetic rows inserted straight into the indexer's tables, as the indexer would have stored them), with
// 10,000 whitelist records and 1,000 operations-log entries. Times the pack job (POST /audit/{symbol}/packs until
// done, the anchor transaction included) and the pack's own verifier run in a clean folder against the chain.
// Goals: build < 60 s, verify < 10 s on this 2-core machine.
// Usage: pnpm bench audit   (HOLDERS, MOVEMENTS; BENCH_DATABASE_URL for PostgreSQL instead of PGlite)
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { packTimings, seedAuditPack } from '../server/src/modules/audit/testing.ts';
import { readZip } from '../server/src/modules/audit/verify.mjs';
import { baseUrlOf } from '../server/src/modules/credentials/testing.ts';
import { createTestApp, startTestChain, testProvider } from '../server/test/helpers.ts';

const holders = Number(process.env.HOLDERS ?? 10_000);
const movements = Number(process.env.MOVEMENTS ?? 100_000);
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const kind = process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite';

const chain = await startTestChain();
const t = await createTestApp({ kind, chain });
const provider = testProvider(chain);
try {
  const { owner, head } = await seedAuditPack(t, provider, chain.chainId, { holders, movements });
  const built = performance.now();
  const { id } = await owner.client.call('createAuditPack', {
    params: { symbol: 'PACK' },
    body: { blockNumber: head },
  });
  let pack = await owner.client.call('getAuditPack', { params: { id } });
  while (pack.state !== 'done' && pack.state !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 500));
    pack = await owner.client.call('getAuditPack', { params: { id } });
  }
  const buildSeconds = (performance.now() - built) / 1000;
  if (pack.state !== 'done') throw new Error('the pack job failed');
  const answer = await fetch(`${await baseUrlOf(t)}/api/audit/packs/${id}/download`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const zip = Buffer.from(await answer.arrayBuffer());
  const files = readZip(zip);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'tranche-pack-bench-'));
  try {
    writeFileSync(path.join(folder, 'pack.zip'), zip);
    writeFileSync(path.join(folder, 'verify.mjs'), files.get('verify.mjs') ?? '');
    const verifyStart = performance.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['verify.mjs', 'pack.zip', '--rpc', chain.rpcUrl],
      {
        cwd: folder,
      },
    );
    const verifySeconds = (performance.now() - verifyStart) / 1000;
    const lines = (name: string) => (files.get(name)?.toString().split('\n').length ?? 1) - 2;
    console.log(
      `pack: ${(zip.length / 1e6).toFixed(1)} MB zip, register ${lines('register.csv').toLocaleString('en')} rows, movements ${lines('movements.csv').toLocaleString('en')} rows`,
    );
    console.log(
      `build: ${buildSeconds.toFixed(1)} s (goal < 60 s); seconds per step: ${JSON.stringify(await packTimings(t.ctx.db, id))}`,
    );
    console.log(`verify: ${verifySeconds.toFixed(1)} s (goal < 10 s): ${stdout.trim()}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
} finally {
  provider.destroy();
  await t.close();
  await chain.stop();
}
