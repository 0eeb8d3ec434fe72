/*
 * Test builder (like testing.ts), over 300 lines on purpose: the crash table's rows for the two flows of a sharded
 * key, a distributed transaction's execution and a reshard, share one fixture (a chain, an on-disk database, a
 * 2-of-3 key with its three signers' sessions and access codes) and the checks of what a restart must leave
 * (the key still signs, nothing executed twice on-chain, nothing left Running); split, the fixture would have to
 * travel between files.
 */
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
import { startDevChain } from '@tranche/contracts';
import { JsonRpcProvider, parseEther } from 'ethers';
import { expect } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { createSessionService } from '../../http/sessions.ts';
import { crashPoints } from '../../jobs/crashPoints.ts';
import { type CrashRow, crashHarness } from '../../jobs/crashTesting.ts';
import { insertAccount } from '../accounts/repository.ts';
import { accessCodeInPdf } from '../sharding/testing.ts';
import { deploySchemeAndWhitelist, deployTestToken, devWallets } from '../tokens/testing.ts';

/**
 * The crash table's rows of distributed transactions and reshards (server/src/jobs/crash.test.ts): the real server
 * runs in its own process on an on-disk PGlite and a chain that outlives it; it is stopped at each named crash point
 * (TRANCHE_CRASH_AT, the process exits there), restarted on the same database and chain, and the outcome checked:
 * nothing stays Running after the reconciler's first pass, no operation runs twice on the chain (the holder's
 * balance), and the key still signs with the old or the new codes, never neither. Each of the two flows has its own
 * chain, database and 2-of-3 key, so they run side by side.
 */

const names = ['alice', 'bob', 'carol', 'dave'] as const;
type Name = (typeof names)[number];
const symbol = 'CRSH';
const amount = 100n;
const emails = (list: readonly Name[]) => list.map((name) => `${name}@crash.test`);

/** A chain with a token, a server on its own database, 4 accounts and a committed 2-of-3 key of alice, bob, carol. */
async function keyFlow(tag: string) {
  const chain = await startDevChain({ port: 0 });
  const provider = new JsonRpcProvider(chain.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  const wallets = devWallets(provider);
  const dataDir = mkdtempSync(path.join(tmpdir(), `tranche-${tag}-crash-`));
  const harness = crashHarness(dataDir, chain.rpcUrl);
  const tokens = new Map<Name, string>();
  const flow = {
    harness,
    keyAddress: '',
    codes: new Map<Name, string>(),
    client(name: Name): ApiClient {
      const { url } = harness.server;
      return createApiClient({ baseUrl: url, getToken: () => tokens.get(name) as string });
    },
    holder: () => wallets.holders[0]?.address as string,
    balance: async () => 0n,
    async settled(id: number) {
      for (let i = 0; i < 300; i += 1) {
        const detail = await flow.client('alice').call('getDtx', { params: { id: String(id) } });
        if (detail.tx.txStatus !== dtxStatuses.executing) return detail;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`transaction ${id} still Running after the reconciler's pass`);
    },
    /** Starts an issue of `amount` to the holder by `by[0]`, approved by the others; answers its id. */
    async issue(by: Name[], codeOf: (name: Name) => string) {
      const [first, ...rest] = by as [Name, ...Name[]];
      const { id } = await flow.client(first).call('startDtx', {
        body: {
          symbol,
          accountAddress: flow.keyAddress,
          accessCode: codeOf(first),
          txType: dtxTypes.issue,
          txData: {
            holderAddress: flow.holder(),
            amount: amount.toString(),
            partition: 'crash',
            additionalData: 'x',
          },
        },
      });
      for (const name of rest) {
        await flow.client(name).call('approveDtx', {
          body: { id, accountAddress: flow.keyAddress, accessCode: codeOf(name) },
        });
      }
      return id;
    },
    async passwords(): Promise<Map<string, string>> {
      const mails = await flow.client('alice').call('localOutbox');
      const found = new Map<string, string>();
      for (const mail of mails) {
        const match = mail.text.match(/opens with this password: (\S+)/);
        if (match?.[1] && !found.has(mail.to)) found.set(mail.to, match[1]);
      }
      return found;
    },
    async codesOf(pdfs: { emailAddress: string; pdf: string }[]): Promise<Map<Name, string>> {
      const mailed = await flow.passwords();
      const result = new Map<Name, string>();
      for (const share of pdfs) {
        const name = share.emailAddress.split('@')[0] as Name;
        result.set(name, await accessCodeInPdf(share.pdf, mailed.get(share.emailAddress) as string));
      }
      return result;
    },
    async close() {
      harness.server.child.kill('SIGTERM');
      provider.destroy();
      await chain.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
      confirmedOn: new Date(),
    });
    if (!row) throw new Error('account not created');
    tokens.set(name, await sessions.issue({ accountId: row.id, sessionVersion: row.sessionVersion }));
  }
  const setup = await deploySchemeAndWhitelist(wallets);
  const token = await deployTestToken(database.db, wallets, setup, {
    symbol,
    name: 'Crash Co',
    controller: null,
  });
  flow.balance = async () => (await token.getFunction('balanceOf')(flow.holder())) as bigint;
  await database.close();
  await harness.start();
  const created = (await flow.client('alice').call('createShardedKey', {
    body: { recipients: emails(['alice', 'bob', 'carol']), minimum: 2, keyName: 'crash key' },
  })) as ShardedKeyResult;
  flow.keyAddress = created.publicAddress;
  flow.codes = await flow.codesOf(created.shares);
  const mailed = await flow.passwords();
  for (const share of created.shares) {
    await flow.client('alice').call('shardOpened', {
      body: {
        publicKey: flow.keyAddress,
        emailAddress: share.emailAddress,
        pdfPassword: mailed.get(share.emailAddress) as string,
      },
    });
  }
  await flow.client('alice').call('commitShardedKey', {
    body: { publicKey: flow.keyAddress, accessCode: flow.codes.get('alice') as string },
  });
  await (await setup.scheme.getFunction('grantLevel2')(flow.keyAddress)).wait();
  await (await wallets.owner.signer.sendTransaction({ to: flow.keyAddress, value: parseEther('10') })).wait();
  return flow;
}

export async function dtxCrashRows(): Promise<CrashRow[]> {
  const rows: CrashRow[] = [];
  const flow = await keyFlow('dtx');
  const { harness } = flow;
  try {
    for (const point of crashPoints.dtx) {
      const before = await flow.balance();
      let id = 0;
      await harness.crashAt(point, async () => {
        id = await flow.issue(['alice', 'bob'], (name) => flow.codes.get(name) as string);
      });
      if (id === 0) {
        // The answer was lost: the transaction is the newest one of the list.
        const page = await flow.client('alice').call('listDtx', { params: { page: '1' } });
        id = page.transactions[0]?.tx.txId as number;
      }
      const detail = await flow.settled(id);
      const after = await flow.balance();
      const ran = after - before;
      // Done exactly when the chain issued once; failed exactly when it issued nothing.
      if (detail.tx.txStatus === dtxStatuses.done) expect(ran).toBe(amount);
      else {
        expect(detail.tx.txStatus).toBe(dtxStatuses.failed);
        expect(detail.error.errorMessage).toBe(dtxMessages.interrupted);
        expect(ran).toBe(0n);
      }
      // The key still signs with its codes.
      const next = await flow.issue(['bob', 'carol'], (name) => flow.codes.get(name) as string);
      expect((await flow.settled(next)).tx.txStatus).toBe(dtxStatuses.done);
      expect(await flow.balance()).toBe(after + amount);
      rows.push({
        flow: 'dtx execution',
        point,
        outcome: detail.tx.txStatusName,
        chain: `issued ${ran} (expected ${detail.tx.txStatus === dtxStatuses.done ? amount : 0n})`,
        after: 'same codes',
      });
    }
    return rows;
  } finally {
    await flow.close();
  }
}

export async function reshardCrashRows(): Promise<CrashRow[]> {
  const rows: CrashRow[] = [];
  const flow = await keyFlow('reshard');
  const { harness } = flow;
  try {
    const recipients = emails(names);
    const old = (name: Name) => flow.codes.get(name) as string;
    const reshard = async () => {
      const { id } = await flow.client('alice').call('reshard', {
        body: { accountAddress: flow.keyAddress, accessCode: old('alice'), minimum: 3, recipients },
      });
      await flow.client('bob').call('approveDtx', {
        body: { id, accountAddress: flow.keyAddress, accessCode: old('bob') },
      });
      return id;
    };
    const newestId = async () =>
      (await flow.client('alice').call('listDtx', { params: { page: '1' } })).transactions[0]?.tx
        .txId as number;

    // 1. Stopped after the last approval, before the new shares were stored: nothing changed, old codes sign.
    await harness.crashAt('reshard:approved', reshard);
    const first = await flow.settled(await newestId());
    expect(first.tx.txStatus).toBe(dtxStatuses.failed);
    let status = await flow.client('alice').call('getShardedKey', { params: { address: flow.keyAddress } });
    expect(status).toMatchObject({ active: true, reshardPending: false, minimum: 2, total: 3 });
    let before = await flow.balance();
    expect((await flow.settled(await flow.issue(['alice', 'carol'], old))).tx.txStatus).toBe(
      dtxStatuses.done,
    );
    expect(await flow.balance()).toBe(before + amount);
    rows.push({
      flow: 'reshard',
      point: 'reshard:approved',
      outcome: `${first.tx.txStatusName}; no new generation`,
      chain: 'old codes issued once',
      after: 'old codes',
    });

    // 2. Stopped after the new generation was stored (the answer with the PDFs is lost): the new signers fetch
    // their own PDFs again, the mails go out after the restart, and the old codes still sign.
    await harness.crashAt('reshard:stored', reshard);
    const second = await flow.settled(await newestId());
    expect(second.tx.txStatus).toBe(dtxStatuses.done);
    status = await flow.client('dave').call('getShardedKey', { params: { address: flow.keyAddress } });
    expect(status).toMatchObject({ active: false, reshardPending: true, minimum: 3, total: 4 });
    const pdfs: { emailAddress: string; pdf: string }[] = [];
    for (const name of names)
      pdfs.push(await flow.client(name).call('myShardPdf', { params: { address: flow.keyAddress } }));
    let mailed = await flow.passwords();
    for (let i = 0; i < 100 && recipients.some((email) => !mailed.has(email)); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      mailed = await flow.passwords();
    }
    const fresh = await flow.codesOf(pdfs);
    expect(new Set(fresh.values()).size).toBe(4);
    before = await flow.balance();
    expect((await flow.settled(await flow.issue(['carol', 'bob'], old))).tx.txStatus).toBe(dtxStatuses.done);
    expect(await flow.balance()).toBe(before + amount);
    rows.push({
      flow: 'reshard',
      point: 'reshard:stored',
      outcome: `${second.tx.txStatusName}; new generation waits, PDFs fetched again`,
      chain: 'old codes issued once',
      after: 'old codes (new ones after activation)',
    });

    // 3. Stopped right after the activation's database transaction: the new codes sign, the old ones no longer.
    for (const share of pdfs) {
      await flow.client('alice').call('shardOpened', {
        body: {
          publicKey: flow.keyAddress,
          emailAddress: share.emailAddress,
          pdfPassword: mailed.get(share.emailAddress) as string,
        },
      });
    }
    await harness.crashAt('reshard:activated', () =>
      flow.client('dave').call('commitShardedKey', {
        body: { publicKey: flow.keyAddress, accessCode: fresh.get('dave') as string },
      }),
    );
    status = await flow.client('dave').call('getShardedKey', { params: { address: flow.keyAddress } });
    expect(status).toMatchObject({ active: true, reshardPending: false, minimum: 3, total: 4 });
    const refused = await flow
      .client('alice')
      .call('startDtx', {
        body: { symbol, accountAddress: flow.keyAddress, accessCode: old('alice'), txType: dtxTypes.pause },
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe(shardingMessages.accessCodeWrong);
    flow.codes = fresh;
    before = await flow.balance();
    expect(
      (await flow.settled(await flow.issue(['dave', 'alice', 'carol'], (n) => fresh.get(n) as string))).tx
        .txStatus,
    ).toBe(dtxStatuses.done);
    expect(await flow.balance()).toBe(before + amount);
    rows.push({
      flow: 'reshard',
      point: 'reshard:activated',
      outcome: 'active with the new generation',
      chain: 'new codes issued once',
      after: 'new codes (old refused)',
    });
    return rows;
  } finally {
    await flow.close();
  }
}
