import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ApiError } from '@tranche/api';
import { type DevChain, startDevChain } from '@tranche/contracts';
import { JsonRpcProvider, Network } from 'ethers';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type ChainService, createChainService } from '../src/chain/chainService.ts';
import type { AppContext } from '../src/context.ts';
import {
  type DatabaseHandle,
  type DatabaseKind,
  migrationsFolder,
  openDatabase,
  openPgliteClient,
  pgliteExtensions,
} from '../src/db/database.ts';
import { createSessionService } from '../src/http/sessions.ts';
import { createOutboxMailer } from '../src/mail/mailer.ts';
import { createReadCaches } from '../src/cache/readCaches.ts';
import { insertAccount } from '../src/modules/accounts/repository.ts';
import { hashPassword } from '../src/modules/accounts/service.ts';
import { registerCredential } from '../src/modules/credentials/service.ts';

/** The ApiError a call fails with (a call that succeeds, or fails otherwise, fails the test). */
export async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgresql']
  : ['pglite'];

/** Cheap argon2id parameters for tests (the production default is set in context.ts). */
export const testPasswordHashing = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/**
 * A fresh, migrated database: PGlite in memory, or a uniquely named PostgreSQL database created on the
 * TEST_DATABASE_URL server and dropped by close().
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite')
    return openPgliteClient(
      await PGlite.create({ loadDataDir: await pgliteTemplate(), extensions: pgliteExtensions }),
      'memory',
    );
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tranche_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A migrated PGlite data directory, dumped once per migration set into the OS temp folder: a fresh PGlite
 * takes 5-15 s to initialise on this machine, one loaded from a dump under 2 s.
 */
async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  const file = path.join(os.tmpdir(), `tranche-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const handle = await openDatabase({});
    const client = (handle as DatabaseHandle & { client?: PGlite }).client as PGlite;
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    await handle.close();
  }
  return new Blob([readFileSync(file)]);
}

export const testJwtSecret = new TextEncoder().encode('test-secret-test-secret-test-secret!');

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  database: DatabaseHandle;
  close: () => Promise<void>;
};

/**
 * A test's own connection to its chain: ethers' 250 ms answer cache off (a nonce read again within it answered the
 * count from before the last send: "nonce too low"), one request per call.
 */
export function testProvider(chain: DevChain): JsonRpcProvider {
  return new JsonRpcProvider(chain.rpcUrl, Network.from(chain.chainId), {
    staticNetwork: true,
    batchMaxCount: 1,
    pollingInterval: 20,
    cacheTimeout: -1,
  });
}

/** Starts one dev chain for a test file (share it between the apps of the file). */
export function startTestChain(): Promise<DevChain> {
  return startDevChain({ port: 0 });
}

export async function createTestApp(options: {
  kind: DatabaseKind;
  chain: DevChain;
  local?: boolean;
  jwtExpiresIn?: string;
  limits?: AppContext['limits'];
  allowedHosts?: string[];
  trustProxy?: string[];
  /** METRICS_TOKEN of the app (GET /metrics); unset, the route is off. */
  metricsToken?: string;
}): Promise<TestApp> {
  const database = await createTestDatabase(options.kind);
  const chain: ChainService = createChainService({
    rpcUrl: options.chain.rpcUrl,
    chainId: options.chain.chainId,
    local: options.local ?? true,
  });
  const masterKey = randomBytes(32);
  const ctx: AppContext = {
    db: database.db,
    databaseKind: database.kind,
    chain,
    mailer: createOutboxMailer({ db: database.db, masterKey }),
    sessions: createSessionService(testJwtSecret, options.jwtExpiresIn ?? '12h'),
    masterKey,
    explorer: { tx: '/local/tx/{hash}', address: '/local/address/{address}', block: '/local/block/{block}' },
    publicUrl: () => 'http://console.test',
    passwordHashing: testPasswordHashing,
    caches: createReadCaches(),
    limits: options.limits,
  };
  const app = await buildApp({
    ...ctx,
    logger: false,
    consoleDir: null,
    allowedHosts: options.allowedHosts,
    trustProxy: options.trustProxy,
    metricsToken: options.metricsToken,
  });
  await app.ready();
  return {
    app,
    ctx,
    database,
    close: async () => {
      await app.close();
      chain.close();
      await database.close();
    },
  };
}

/** POST /api/login from a client address (Fastify inject's remoteAddress), with extra headers (X-Forwarded-For). */
export function injectLogin(
  t: TestApp,
  body: { loginName: string; password: string },
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, headers, payload: body });
}

/**
 * A confirmed account made straight in the database and logged in: the reader of the local outbox in tests
 * (a session on loopback reads all of it).
 */
export async function mailReaderToken(t: TestApp): Promise<string> {
  const { insertAccount } = await import('../src/modules/accounts/repository.ts');
  const { hashPassword } = await import('../src/modules/accounts/service.ts');
  const loginName = `reader.${randomBytes(4).toString('hex')}@example.com`;
  const row = await insertAccount(t.ctx.db, {
    loginName,
    emailAddress: loginName,
    profileName: 'Mail reader',
    passwordHash: await hashPassword('reader password', testPasswordHashing),
    confirmedOn: new Date(),
  });
  if (!row) throw new Error('the mail reader account exists already');
  return t.ctx.sessions.issue({ accountId: row.id, sessionVersion: row.sessionVersion });
}

/** A confirmed account `login` (its email too) with registered `keys`, and a session for it. */
export async function accountWithKeys(
  t: TestApp,
  login: string,
  keys: { address: string; key: string }[],
): Promise<{ jwt: string; accountId: number }> {
  const row = await insertAccount(t.ctx.db, {
    loginName: login,
    emailAddress: login,
    profileName: login.split('@')[0] as string,
    passwordHash: await hashPassword('a long password', testPasswordHashing),
    confirmedOn: new Date(),
  });
  if (!row) throw new Error('account not created');
  for (const { address, key } of keys) {
    await registerCredential(t.ctx.db, t.ctx.masterKey, row.id, { publicKey: address, privateKey: key });
  }
  return {
    jwt: await t.ctx.sessions.issue({ accountId: row.id, sessionVersion: row.sessionVersion }),
    accountId: row.id,
  };
}
