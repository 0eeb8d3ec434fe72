import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devAccountKeys } from '@tranche/contracts';
import type { Contract } from 'ethers';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.ts';
import { createSessionService } from '../../src/http/sessions.ts';
import { insertAccount } from '../../src/modules/accounts/repository.ts';
import { registerCredential } from '../../src/modules/credentials/service.ts';
import {
  deploySchemeAndWhitelist,
  deployTestToken,
  type DevWallets,
} from '../../src/modules/tokens/testing.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The PostgreSQL server the cluster tests use (TEST_DATABASE_URL, else the local one with trust auth). */
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database on the PostgreSQL server; `drop` removes it. */
export async function createClusterDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `i20_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Instance = { name: string; url: string; child: ChildProcess; exited: Promise<number | null> };

/** One `server/src/main.ts` process on the shared database and chain (the same secrets as every other instance). */
export async function startInstance(
  name: string,
  env: {
    databaseUrl: string;
    rpcUrl: string;
    jwtSecret: string;
    masterKey: string;
    extra?: Record<string, string>;
  },
): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: env.databaseUrl,
      CHAIN_RPC_URL: env.rpcUrl,
      MAIL: 'disabled',
      JWT_SECRET: env.jwtSecret,
      MASTER_KEY: env.masterKey,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `i20-${name}-`)),
      CONSOLE_DIR: path.join(os.tmpdir(), 'i20-no-console'),
      INDEXER_CONFIRMATIONS: '0',
      INDEXER_POLL_MS: '200',
      LOG_LEVEL: 'error',
      ...env.extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${output}`)), 170_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it started: ${output}`));
    });
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return { name, url, child, exited };
}

export async function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill(signal);
  await instance.exited;
}

/**
 * A deployed token CLU (owner: the dev owner key, verified holders) recorded in the database, and an issuer
 * account whose registered key is the owner's: answers the token and a session of that account.
 */
export async function setupIssuer(
  databaseUrl: string,
  wallets: DevWallets,
  secrets: { jwtSecret: string; masterKey: string },
): Promise<{ token: Contract; jwt: string }> {
  const handle = await openDatabase({ url: databaseUrl });
  try {
    const setup = await deploySchemeAndWhitelist(wallets, { verifyOwner: true });
    const row = await insertAccount(handle.db, {
      loginName: 'issuer@cluster.test',
      emailAddress: 'issuer@cluster.test',
      profileName: 'Issuer',
      passwordHash: 'unused',
      confirmedOn: new Date(),
    });
    if (!row) throw new Error('account not created');
    await registerCredential(handle.db, Buffer.from(secrets.masterKey, 'hex'), row.id, {
      publicKey: wallets.owner.address,
      privateKey: devAccountKeys[0] as string,
    });
    const token = await deployTestToken(handle.db, wallets, setup, { symbol: 'CLU', name: 'Cluster token' });
    const jwt = await createSessionService(new TextEncoder().encode(secrets.jwtSecret), '12h').issue({
      accountId: row.id,
      sessionVersion: row.sessionVersion,
    });
    return { token, jwt };
  } finally {
    await handle.close();
  }
}

// For bench/cluster.bench.ts (the repository root does not resolve the workspace's packages).
export { minedReceipt, startDevChain } from '@tranche/contracts';
export { JsonRpcProvider, Network } from 'ethers';
