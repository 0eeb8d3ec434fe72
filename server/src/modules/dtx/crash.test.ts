import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type ApiClient,
  ApiError,
  createApiClient,
  dtxMessages,
  dtxStatuses,
  dtxTypes,
  type ShardedKeyResult,
  shardingMessages,
} from '@tranche/api';
import { type DevChain, startDevChain } from '@tranche/contracts';
import { type Contract, JsonRpcProvider, parseEther } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { createSessionService } from '../../http/sessions.ts';
import { type CrashServer, killCrashServers, startCrashServer } from '../../jobs/crashTesting.ts';
import { crashPoints } from '../../jobs/crashPoints.ts';
import { insertAccount } from '../accounts/repository.ts';
import { accessCodeInPdf } from '../sharding/testing.ts';
import { deploySchemeAndWhitelist, deployTestToken, type DevWallets, devWallets } from '../tokens/testing.ts';

/**
 * The crash table of distributed transactions and reshards: the real server runs in its own process on an on-disk
 * PGlite and a chain that outlives it; it is stopped at each named crash point (TRANCHE_CRASH_AT, the process exits
 * there), restarted on the same database and chain, and the outcome checked: nothing stays Running after the
 * reconciler's first pass, no operation runs twice on the chain (the holder's balance), and the key still signs
 * with the old or the new codes, never neither.
 */

const names = ['alice', 'bob', 'carol', 'dave'] as const;
type Name = (typeof names)[number];
const symbol = 'CRSH';
const amount = 100n;

let chain: DevChain;
let provider: JsonRpcProvider;
let wallets: DevWallets;
let token: Contract;
let scheme: Contract;
let dataDir: string;
let server: CrashServer | undefined;
const tokens = new Map<Name, string>();
const emails = (list: readonly Name[]) => list.map((name) => `${name}@crash.test`);
let keyAddress: string;
let codes = new Map<Name, string>();
const table: { flow: string; point: string; outcome: string; chain: string; signs: string }[] = [];

function client(name: Name): ApiClient {
  if (!server) throw new Error('no server');
  const url = server.url;
  return createApiClient({ baseUrl: url, getToken: () => tokens.get(name) as string });
}

/** Stops the running server (one process per data dir) and starts one with `env`. */
async function start(env: Record<string, string> = {}) {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  server = await startCrashServer(dataDir, chain.rpcUrl, env);
}

/** Runs `action` on a server that stops at `point`, then starts it again without the hook. */
async function crashAt(point: string, action: () => Promise<unknown>) {
  await start({ TRANCHE_CRASH_AT: point });
  const dying = server as CrashServer;
  const outcome = await action().then(
    () => 'answered',
    (error: unknown) => (error instanceof ApiError ? `refused: ${error.message}` : 'no answer'),
  );
  expect(await dying.exited, `the server stops at ${point} (${outcome})`).toBe(86);
  await start();
}

const holder = () => wallets.holders[0]?.address as string;
const balance = async () => (await token.getFunction('balanceOf')(holder())) as bigint;

async function settled(id: number) {
  for (let i = 0; i < 300; i += 1) {
    const detail = await client('alice').call('getDtx', { params: { id: String(id) } });
    if (detail.tx.txStatus !== dtxStatuses.executing) return detail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`transaction ${id} still Running after the reconciler's pass`);
}

/** Starts an issue of `amount` to the holder by `by[0]`, approved by the others; answers its id. */
async function issue(by: Name[], codeOf: (name: Name) => string) {
  const [first, ...rest] = by as [Name, ...Name[]];
  const { id } = await client(first).call('startDtx', {
    body: {
      symbol,
      accountAddress: keyAddress,
      accessCode: codeOf(first),
      txType: dtxTypes.issue,
      txData: { holderAddress: holder(), amount: amount.toString(), partition: 'crash', additionalData: 'x' },
    },
  });
  for (const name of rest) {
    await client(name).call('approveDtx', {
      body: { id, accountAddress: keyAddress, accessCode: codeOf(name) },
    });
  }
  return id;
}

async function passwords(): Promise<Map<string, string>> {
  const mails = await client('alice').call('localOutbox');
  const found = new Map<string, string>();
  for (const mail of mails) {
    const match = mail.text.match(/opens with this password: (\S+)/);
    if (match?.[1] && !found.has(mail.to)) found.set(mail.to, match[1]);
  }
  return found;
}

async function codesOf(pdfs: { emailAddress: string; pdf: string }[]): Promise<Map<Name, string>> {
  const mailed = await passwords();
  const result = new Map<Name, string>();
  for (const share of pdfs) {
    const name = share.emailAddress.split('@')[0] as Name;
    result.set(name, await accessCodeInPdf(share.pdf, mailed.get(share.emailAddress) as string));
  }
  return result;
}

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  provider = new JsonRpcProvider(chain.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  wallets = devWallets(provider);
  dataDir = mkdtempSync(path.join(tmpdir(), 'tranche-dtx-crash-'));
  // Accounts and the token written before the server's first start (the same data dir the process opens).
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const sessions = createSessionService(
    new TextEncoder().encode('crash-test-secret-crash-test-secret!'),
    '12h',
  );
  for (const name of names) {
    const row = await insertAccount(database.db, {
      loginName: `${name}@crash.test`,
      emailAddress: `${name}@crash.test`,
      profileName: name,
      passwordHash: 'unused',
      confirmationCodeHash: null,
      confirmedOn: new Date(),
    });
    if (!row) throw new Error('account not created');
    tokens.set(name, await sessions.issue({ accountId: row.id, sessionVersion: row.sessionVersion }));
  }
  const setup = await deploySchemeAndWhitelist(wallets);
  scheme = setup.scheme;
  token = await deployTestToken(database.db, wallets, setup, { symbol, name: 'Crash Co', controller: null });
  await database.close();
  await start();
  const created = (await client('alice').call('createShardedKey', {
    body: { recipients: emails(['alice', 'bob', 'carol']), minimum: 2, keyName: 'crash key' },
  })) as ShardedKeyResult;
  keyAddress = created.publicAddress;
  codes = await codesOf(created.shares);
  const mailed = await passwords();
  for (const share of created.shares) {
    await client('alice').call('shardOpened', {
      body: {
        publicKey: keyAddress,
        emailAddress: share.emailAddress,
        pdfPassword: mailed.get(share.emailAddress) as string,
      },
    });
  }
  await client('alice').call('commitShardedKey', {
    body: { publicKey: keyAddress, accessCode: codes.get('alice') as string },
  });
  await (await scheme.getFunction('grantLevel2')(keyAddress)).wait();
  await (await wallets.owner.signer.sendTransaction({ to: keyAddress, value: parseEther('10') })).wait();
}, 900_000);

afterAll(async () => {
  killCrashServers();
  console.log('\nCrash points and outcomes');
  console.table(table);
  provider?.destroy();
  await chain?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('distributed transaction execution: at every crash point, run once or not at all, never left Running', async () => {
  for (const point of crashPoints.dtx) {
    const before = await balance();
    let id = 0;
    await crashAt(point, async () => {
      id = await issue(['alice', 'bob'], (name) => codes.get(name) as string);
    });
    if (id === 0) {
      // The answer was lost: the transaction is the newest one of the list.
      const page = await client('alice').call('listDtx', { params: { page: '1' } });
      id = page.transactions[0]?.tx.txId as number;
    }
    const detail = await settled(id);
    const after = await balance();
    const ran = after - before;
    // Done exactly when the chain issued once; failed exactly when it issued nothing.
    if (detail.tx.txStatus === dtxStatuses.done) expect(ran).toBe(amount);
    else {
      expect(detail.tx.txStatus).toBe(dtxStatuses.failed);
      expect(detail.error.errorMessage).toBe(dtxMessages.interrupted);
      expect(ran).toBe(0n);
    }
    // The key still signs with its codes.
    const next = await issue(['bob', 'carol'], (name) => codes.get(name) as string);
    expect((await settled(next)).tx.txStatus).toBe(dtxStatuses.done);
    expect(await balance()).toBe(after + amount);
    table.push({
      flow: 'dtx execution',
      point,
      outcome: detail.tx.txStatusName,
      chain: `issued ${ran} (expected ${detail.tx.txStatus === dtxStatuses.done ? amount : 0n})`,
      signs: 'same codes',
    });
  }
}, 900_000);

it('reshard 2-of-3 to 3-of-4: at every crash point the old or the new codes sign, never neither', async () => {
  const recipients = emails(names);
  const old = (name: Name) => codes.get(name) as string;
  const reshard = async () => {
    const { id } = await client('alice').call('reshard', {
      body: { accountAddress: keyAddress, accessCode: old('alice'), minimum: 3, recipients },
    });
    await client('bob').call('approveDtx', {
      body: { id, accountAddress: keyAddress, accessCode: old('bob') },
    });
    return id;
  };
  const newestId = async () =>
    (await client('alice').call('listDtx', { params: { page: '1' } })).transactions[0]?.tx.txId as number;

  // 1. Stopped after the last approval, before the new shares were stored: nothing changed, old codes sign.
  await crashAt('reshard:approved', reshard);
  const first = await settled(await newestId());
  expect(first.tx.txStatus).toBe(dtxStatuses.failed);
  let status = await client('alice').call('getShardedKey', { params: { address: keyAddress } });
  expect(status).toMatchObject({ active: true, reshardPending: false, minimum: 2, total: 3 });
  let before = await balance();
  expect((await settled(await issue(['alice', 'carol'], old))).tx.txStatus).toBe(dtxStatuses.done);
  expect(await balance()).toBe(before + amount);
  table.push({
    flow: 'reshard',
    point: 'reshard:approved',
    outcome: `${first.tx.txStatusName}; no new generation`,
    chain: 'old codes issued once',
    signs: 'old codes',
  });

  // 2. Stopped after the new generation was stored (the answer with the PDFs is lost): the new signers fetch
  // their own PDFs again, the mails go out after the restart, and the old codes still sign.
  await crashAt('reshard:stored', reshard);
  const second = await settled(await newestId());
  expect(second.tx.txStatus).toBe(dtxStatuses.done);
  status = await client('dave').call('getShardedKey', { params: { address: keyAddress } });
  expect(status).toMatchObject({ active: false, reshardPending: true, minimum: 3, total: 4 });
  const pdfs: { emailAddress: string; pdf: string }[] = [];
  for (const name of names)
    pdfs.push(await client(name).call('myShardPdf', { params: { address: keyAddress } }));
  let mailed = await passwords();
  for (let i = 0; i < 100 && recipients.some((email) => !mailed.has(email)); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    mailed = await passwords();
  }
  const fresh = await codesOf(pdfs);
  expect(new Set(fresh.values()).size).toBe(4);
  before = await balance();
  expect((await settled(await issue(['carol', 'bob'], old))).tx.txStatus).toBe(dtxStatuses.done);
  expect(await balance()).toBe(before + amount);
  table.push({
    flow: 'reshard',
    point: 'reshard:stored',
    outcome: `${second.tx.txStatusName}; new generation waits, PDFs fetched again`,
    chain: 'old codes issued once',
    signs: 'old codes (new ones after activation)',
  });

  // 3. Stopped right after the activation's database transaction: the new codes sign, the old ones no longer.
  for (const share of pdfs) {
    await client('alice').call('shardOpened', {
      body: {
        publicKey: keyAddress,
        emailAddress: share.emailAddress,
        pdfPassword: mailed.get(share.emailAddress) as string,
      },
    });
  }
  await crashAt('reshard:activated', () =>
    client('dave').call('commitShardedKey', {
      body: { publicKey: keyAddress, accessCode: fresh.get('dave') as string },
    }),
  );
  status = await client('dave').call('getShardedKey', { params: { address: keyAddress } });
  expect(status).toMatchObject({ active: true, reshardPending: false, minimum: 3, total: 4 });
  const refused = await client('alice')
    .call('startDtx', {
      body: { symbol, accountAddress: keyAddress, accessCode: old('alice'), txType: dtxTypes.pause },
    })
    .catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).message).toBe(shardingMessages.accessCodeWrong);
  codes = fresh;
  before = await balance();
  expect(
    (await settled(await issue(['dave', 'alice', 'carol'], (n) => fresh.get(n) as string))).tx.txStatus,
  ).toBe(dtxStatuses.done);
  expect(await balance()).toBe(before + amount);
  table.push({
    flow: 'reshard',
    point: 'reshard:activated',
    outcome: 'active with the new generation',
    chain: 'new codes issued once',
    signs: 'new codes (old refused)',
  });
}, 900_000);
