/**
 * A server process for the crash test (crash.test.ts): the real app with every module and the job runner, on an
 * on-disk PGlite in argv[2] and the chain at argv[3] (kept running by the test, so it outlives this process).
 * Prints one JSON line {url, token}: token is a session of a test account created on first start.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../app.ts';
import { createChainService } from '../../chain/chainService.ts';
import { openDatabase } from '../../db/database.ts';
import { createSessionService } from '../../http/sessions.ts';
import { createOutboxMailer } from '../../mail/mailer.ts';
import { insertAccount } from '../accounts/repository.ts';
import { createReadCaches } from '../../cache/readCaches.ts';

const [dataDir, rpcUrl] = process.argv.slice(2);
if (!dataDir || !rpcUrl) throw new Error('usage: crashServer.ts <dataDir> <rpcUrl>');
const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
const chain = createChainService({ rpcUrl, chainId: 31337, local: true });
const sessions = createSessionService(
  new TextEncoder().encode('crash-test-secret-crash-test-secret!'),
  '12h',
);
const tokenFile = path.join(dataDir, 'session.txt');
if (!existsSync(tokenFile)) {
  const row = await insertAccount(database.db, {
    loginName: 'crash@tranche.test',
    emailAddress: 'crash@tranche.test',
    profileName: 'Crash',
    passwordHash: 'unused',
    confirmedOn: new Date(),
  });
  if (!row) throw new Error('account not created');
  writeFileSync(tokenFile, await sessions.issue({ accountId: row.id, sessionVersion: row.sessionVersion }));
}
const app = await buildApp({
  db: database.db,
  databaseKind: database.kind,
  chain,
  mailer: createOutboxMailer({ db: database.db, masterKey: Buffer.alloc(32, 7) }),
  sessions,
  masterKey: Buffer.alloc(32, 7),
  explorer: { tx: '/local/tx/{hash}', address: '/local/address/{address}', block: '/local/block/{block}' },
  publicUrl: () => 'http://crash.test',
  passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  caches: createReadCaches(),
  logger: false,
  consoleDir: null,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(
  `${JSON.stringify({ url: `http://127.0.0.1:${port}`, token: readFileSync(tokenFile, 'utf8') })}\n`,
);
