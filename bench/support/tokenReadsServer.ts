// The server side of bench/tokens.bench.ts, in a process of its own as `pnpm start` runs it: a test app on
// PGlite (or on PostgreSQL with BENCH_DATABASE_URL) seeded with the token reads, listening on a free port.
// Prints one JSON line {url, jwt, historyHolder, seedSeconds, kind} when ready; closes on SIGTERM.
import { startDevChain } from '../../contracts/src/index.ts';
import { baseUrlOf, createTestUser } from '../../server/src/modules/credentials/testing.ts';
import { seedTokenReads } from '../../server/src/modules/tokens/benchSeed.ts';
import { createTestApp } from '../../server/test/helpers.ts';

process.env.INDEXER = 'off';
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const kind = process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite';
const size = JSON.parse(process.argv[2] ?? '{}') as {
  tokenCount: number;
  holderCount: number;
  historyEvents: number;
};

const chain = await startDevChain({ port: 0 });
const t = await createTestApp({ kind, chain });
const started = Date.now();
const { historyHolder } = await seedTokenReads(t.ctx.db, size);
const seedSeconds = (Date.now() - started) / 1000;
const { token: jwt } = await createTestUser(t, 'bench');
const url = `${await baseUrlOf(t)}/api`;
process.stdout.write(`${JSON.stringify({ url, jwt, historyHolder, seedSeconds, kind })}\n`);

process.once('SIGTERM', async () => {
  await t.close();
  await chain.stop();
  process.exit(0);
});
