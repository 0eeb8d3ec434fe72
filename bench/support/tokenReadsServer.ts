// The server side of bench/tokens.bench.ts, in a process of its own as `pnpm start` runs it: a test app on
// PGlite (or on PostgreSQL with BENCH_DATABASE_URL) seeded with the token reads, listening on a free port.
// Prints one JSON line {url, jwt, historyHolder, seedSeconds, kind} when ready; closes on SIGTERM.
import type { AddressInfo } from 'node:net';
import { startDevChain } from '../../contracts/src/index.ts';
import { insertAccount } from '../../server/src/modules/accounts/repository.ts';
import { hashPassword } from '../../server/src/modules/accounts/service.ts';
import { seedTokenReads } from '../../server/src/modules/tokens/benchSeed.ts';
import { createTestApp, testPasswordHashing } from '../../server/test/helpers.ts';

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
const account = await insertAccount(t.ctx.db, {
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
const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
process.stdout.write(`${JSON.stringify({ url, jwt, historyHolder, seedSeconds, kind })}\n`);

process.once('SIGTERM', async () => {
  await t.close();
  await chain.stop();
  process.exit(0);
});
