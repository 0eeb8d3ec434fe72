import { randomBytes } from 'node:crypto';
import { type DevChain, startDevChain } from '@tranche/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type ChainService, createChainService } from '../src/chain/chainService.ts';
import type { AppContext } from '../src/context.ts';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../src/db/database.ts';
import { createSessionService } from '../src/http/sessions.ts';
import { createOutboxMailer } from '../src/mail/mailer.ts';

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
  if (kind === 'pglite') return openDatabase({});
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

export const testJwtSecret = new TextEncoder().encode('test-secret-test-secret-test-secret!');

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  database: DatabaseHandle;
  close: () => Promise<void>;
};

/** Starts one dev chain for a test file (share it between the apps of the file). */
export function startTestChain(): Promise<DevChain> {
  return startDevChain({ port: 0 });
}

export async function createTestApp(options: {
  kind: DatabaseKind;
  chain: DevChain;
  local?: boolean;
  jwtExpiresIn?: string;
}): Promise<TestApp> {
  const database = await createTestDatabase(options.kind);
  const chain: ChainService = createChainService({
    rpcUrl: options.chain.rpcUrl,
    chainId: options.chain.chainId,
    local: options.local ?? true,
  });
  const ctx: AppContext = {
    db: database.db,
    databaseKind: database.kind,
    chain,
    mailer: createOutboxMailer(database.db),
    sessions: createSessionService(testJwtSecret, options.jwtExpiresIn ?? '12h'),
    masterKey: randomBytes(32),
    explorer: { tx: '/local/tx/{hash}', address: '/local/address/{address}', block: '/local/block/{block}' },
    publicUrl: () => 'http://console.test',
    passwordHashing: testPasswordHashing,
  };
  const app = await buildApp({ ...ctx, logger: false, consoleDir: null });
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
