import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  ApiError,
  dtxMessages,
  dtxStatuses,
  dtxTypes,
  ruleMessages,
  shardingMessages as m,
  type ShardedKeyResult,
  type ShardedKeyStatus,
} from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { type Contract, getAddress, parseEther, Wallet } from 'ethers';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startTestChain,
  type TestApp,
  testJwtSecret,
  testPasswordHashing,
} from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { createChainService } from '../../chain/chainService.ts';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { createSessionService } from '../../http/sessions.ts';
import { loggerOptions } from '../../logging.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { createOutboxMailer, listOutbox } from '../../mail/mailer.ts';
import { createTestUser, type TestUser } from '../credentials/testing.ts';
import { distributedTransactions, dtxApprovals } from '../dtx/schema.ts';
import { deploySchemeAndWhitelist, deployTestToken, type DevWallets, devWallets } from '../tokens/testing.ts';
import {
  addressOf,
  approvalBinding,
  combineShares,
  deriveShareKey,
  openShare,
  sealApprovalShare,
  shareBinding,
} from './keyMaterial.ts';
import { accessCodeAttempts, keyShares, shardedKeys } from './schema.ts';
import { accessCodeInPdf, mailedPdfPassword } from './testing.ts';
import { createReadCaches } from '../../cache/readCaches.ts';

/**
 * The security promises of sharded keys, on the real stack (Fastify app, PGlite, Anvil): the server alone cannot
 * rebuild a key; only signers approve, once each; wrong codes reveal nothing and lock; secrets never reach a log
 * line or an API answer; bad input changes nothing.
 */

let chain: DevChain;
let t: TestApp;
const logLines: string[] = [];
const answers: string[] = [];
const secrets = new Set<string>();

let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
const emails = new Map<TestUser, string>();

async function createLoggedApp(): Promise<TestApp> {
  const database = await createTestDatabase('pglite');
  const chainService = createChainService({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, local: true });
  const masterKey = randomBytes(32);
  const ctx: AppContext = {
    db: database.db,
    databaseKind: database.kind,
    chain: chainService,
    mailer: createOutboxMailer({ db: database.db, masterKey }),
    sessions: createSessionService(testJwtSecret, '12h'),
    masterKey,
    explorer: { tx: '/local/tx/{hash}', address: '/local/address/{address}', block: '/local/block/{block}' },
    publicUrl: () => 'http://console.test',
    passwordHashing: testPasswordHashing,
    caches: createReadCaches(),
  };
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // Everything the server logs at the most verbose level, through the production redaction rules.
  const logger = pino({ ...loggerOptions('trace') }, stream);
  const app = await buildApp({ ...ctx, logger, consoleDir: null });
  await app.ready();
  return {
    app,
    ctx,
    database,
    close: async () => {
      await app.close();
      chainService.close();
      await database.close();
    },
  };
}

/** Calls the API as `user`, keeping every answer (success or error) for the leak check. */
async function call<T = unknown>(user: TestUser, id: string, input?: object): Promise<T> {
  try {
    const data = await (user.client.call as (id: string, input?: object) => Promise<unknown>)(id, input);
    answers.push(JSON.stringify(data));
    return data as T;
  } catch (error) {
    answers.push(String((error as Error).message));
    throw error;
  }
}

async function failure(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return [error.statusCode, error.message];
}

async function countKeys(): Promise<number> {
  const [row] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(shardedKeys);
  return row?.n ?? 0;
}

/** Each signer's access code, read from their PDF with the password mailed to them. */
async function accessCodes(result: ShardedKeyResult): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  for (const share of result.shares) {
    const password = await mailedPdfPassword(t.ctx, share.emailAddress);
    secrets.add(password);
    const code = await accessCodeInPdf(share.pdf, password);
    secrets.add(code);
    secrets.add(code.replace(/-/g, ''));
    codes.set(share.emailAddress, code);
  }
  return codes;
}

async function openAll(by: TestUser, result: ShardedKeyResult) {
  for (const share of result.shares) {
    await call(by, 'shardOpened', {
      body: {
        publicKey: result.publicAddress,
        emailAddress: share.emailAddress,
        pdfPassword: await mailedPdfPassword(t.ctx, share.emailAddress),
      },
    });
  }
}

let wallets: DevWallets;
let token: Contract;
let scheme: Contract;
const symbol = 'SHRD';
const keyWallet = Wallet.createRandom();
let codes: Map<string, string>;
const code = (user: TestUser) => codes.get(emails.get(user) as string) as string;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createLoggedApp();
  alice = await createTestUser(t, 'alice');
  bob = await createTestUser(t, 'bob');
  carol = await createTestUser(t, 'carol');
  dave = await createTestUser(t, 'dave');
  for (const user of [alice, bob, carol, dave]) {
    const [row] = await t.ctx.db
      .select({ email: accounts.emailAddress })
      .from(accounts)
      .where(eq(accounts.id, user.accountId));
    emails.set(user, row?.email as string);
  }
  secrets.add(keyWallet.privateKey.slice(2));
  wallets = devWallets(t.ctx.chain.provider);
  const setup = await deploySchemeAndWhitelist(wallets);
  scheme = setup.scheme;
  token = await deployTestToken(t.ctx.db, wallets, setup, { symbol, name: 'Sharded Co', controller: null });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

describe('sharded keys and distributed transactions', () => {
  it('refuses bad input with a clear message and creates nothing', async () => {
    const [a, b, c] = [alice, bob, carol].map((user) => emails.get(user) as string) as [
      string,
      string,
      string,
    ];
    const cases: [object, string][] = [
      [{ recipients: [a, b], minimum: 3 }, m.minimumTooHigh],
      [{ recipients: [a, b, c], minimum: 1 }, m.minimumTooLow],
      [
        { recipients: `${a}, nobody-here@tranche.test`, minimum: 2 },
        m.emailUnknown('nobody-here@tranche.test'),
      ],
      [{ recipients: `${a};${b};${a.toUpperCase()}`, minimum: 2 }, m.emailTwice(a)],
      [{ recipients: 'not an email, x', minimum: 2 }, m.emailInvalid('not an email')],
      [{ recipients: '', minimum: 2 }, m.emailsRequired],
      [{ recipients: [a, b], minimum: 2, createNewAccount: false }, m.privateKeyRequired],
      [
        { recipients: [a, b], minimum: 2, createNewAccount: false, privateKey: '0x1234' },
        m.privateKeyInvalid,
      ],
      // 64 hex digits, but not a valid secp256k1 key (zero)
      [
        { recipients: [a, b], minimum: 2, createNewAccount: false, privateKey: '0'.repeat(64) },
        m.privateKeyInvalid,
      ],
      [{ recipients: [a, b], minimum: 2, total: 3 }, m.totalMismatch],
    ];
    for (const [body, message] of cases) {
      expect(await failure(call(alice, 'createShardedKey', { body }))).toEqual([400, message]);
    }
    expect(await countKeys()).toBe(0);
  });

  let result: ShardedKeyResult;

  it('creates a 2-of-3 key from an existing private key: one locked PDF per signer, passwords by mail', async () => {
    result = await call<ShardedKeyResult>(alice, 'createShardedKey', {
      body: {
        createNewAccount: false,
        privateKey: keyWallet.privateKey,
        minimum: 2,
        recipients: [alice, bob, carol].map((user) => emails.get(user)).join(', '),
        keyName: 'Treasury',
      },
    });
    expect(result.publicAddress).toBe(keyWallet.address.toLowerCase());
    expect(result.shares.map((share) => share.profileName)).toEqual(['alice', 'bob', 'carol']);
    codes = await accessCodes(result);
    expect(new Set(codes.values()).size).toBe(3);
    // The same key cannot be sharded twice.
    expect(
      await failure(
        call(bob, 'createShardedKey', {
          body: { createNewAccount: false, privateKey: keyWallet.privateKey, recipients: [emails.get(bob)] },
        }),
      ),
    ).toEqual([400, m.minimumTooHigh]);
    expect(
      await failure(
        call(bob, 'createShardedKey', {
          body: {
            createNewAccount: false,
            privateKey: keyWallet.privateKey,
            recipients: [emails.get(bob), emails.get(carol)],
          },
        }),
      ),
    ).toEqual([409, m.keyExists]);
  });

  it('activates only after every signer opened their PDF, with a valid access code', async () => {
    const commit = (user: TestUser, accessCode: string) =>
      call(user, 'commitShardedKey', { body: { publicKey: result.publicAddress, accessCode } });
    expect(await failure(commit(alice, code(alice)))).toEqual([409, m.notOpened('alice')]);
    const wrongPassword = await failure(
      call(alice, 'shardOpened', {
        body: {
          publicKey: result.publicAddress,
          emailAddress: emails.get(bob),
          pdfPassword: 'WRONGPASSWORD',
        },
      }),
    );
    expect(wrongPassword).toEqual([403, m.pdfPasswordWrong]);
    expect(
      await failure(
        call(dave, 'shardOpened', {
          body: { publicKey: result.publicAddress, emailAddress: emails.get(bob), pdfPassword: 'x' },
        }),
      ),
    ).toEqual([403, m.notAllowedToCommit]);
    await call(alice, 'shardOpened', {
      body: {
        publicKey: result.publicAddress,
        emailAddress: emails.get(alice),
        pdfPassword: await mailedPdfPassword(t.ctx, emails.get(alice) as string),
      },
    });
    expect(await failure(commit(alice, code(alice)))).toEqual([409, m.notOpened('bob')]);
    await openAll(alice, result);
    expect(await failure(commit(alice, 'AAAA-BBBB-CCCC-DDDD'))).toEqual([403, m.accessCodeWrong]);
    expect(await call(alice, 'listShardedKeys')).toEqual([]);
    const status = await call<{ active: boolean }>(alice, 'commitShardedKey', {
      body: { publicKey: result.publicAddress, accessCode: code(alice).toLowerCase() },
    });
    expect(status.active).toBe(true);
    expect(await call(bob, 'listShardedKeys')).toEqual([
      { address: result.publicAddress, name: 'Treasury', minimum: 2, total: 3 },
    ]);
    expect(await call(dave, 'listShardedKeys')).toEqual([]);
  });

  it('with the database and the master key but fewer than M access codes, the key cannot be rebuilt', async () => {
    const rows = await t.ctx.db.select().from(keyShares);
    const dump = JSON.stringify(await t.ctx.db.execute(sql`select * from key_shares, sharded_keys`));
    expect(dump).not.toContain(keyWallet.privateKey.slice(2));
    for (const secret of codes.values()) expect(dump).not.toContain(secret.replace(/-/g, ''));
    const aliceRow = rows.find((row) => row.accountId === alice.accountId);
    if (!aliceRow?.sealedShare) throw new Error('no share of alice');
    // The attacker holds alice's code: alice's share opens...
    const aliceKey = await deriveShareKey(code(alice), aliceRow.kdfSalt);
    const aliceShare = openShare(
      t.ctx.masterKey,
      aliceKey,
      aliceRow.sealedShare,
      shareBinding(result.publicAddress, 1, alice.accountId),
    );
    expect(aliceShare).toBeDefined();
    secrets.add(Buffer.from(aliceShare as Uint8Array).toString('hex'));
    secrets.add(Buffer.from(aliceShare as Uint8Array).toString('base64'));
    // ...but no other share opens with it (or with the master key alone).
    for (const row of rows.filter((r) => r.accountId !== alice.accountId)) {
      const key = await deriveShareKey(code(alice), row.kdfSalt);
      expect(
        openShare(
          t.ctx.masterKey,
          key,
          row.sealedShare as string,
          shareBinding(result.publicAddress, 1, row.accountId),
        ),
      ).toBeUndefined();
    }
    // One share alone cannot be combined; with any forged second share the result is not the key.
    await expect(combineShares([aliceShare as Uint8Array])).rejects.toThrow();
    for (let attempt = 0; attempt < 20; attempt++) {
      const forged = new Uint8Array(randomBytes(33));
      if (forged[32] === (aliceShare as Uint8Array)[32]) continue;
      const rebuilt = await combineShares([aliceShare as Uint8Array, forged]);
      expect(addressOf(rebuilt)).not.toBe(result.publicAddress);
    }
  });

  let pauseId: number;

  it('starts a pause only for a signer with the right code; the starter counts as the first approval', async () => {
    await (
      await wallets.owner.signer.sendTransaction({ to: result.publicAddress, value: parseEther('1') })
    ).wait();
    const start = (user: TestUser, accessCode: string, txType: number = dtxTypes.pause) =>
      call<{ id: number }>(user, 'startDtx', {
        body: { symbol, accountAddress: result.publicAddress, accessCode, txType, txData: {} },
      });
    // Without Access Level 2 the chain would refuse: refused before anyone approves, with the readiness line that
    // names the missing right (issue 34).
    expect(await failure(start(alice, code(alice)))).toEqual([
      400,
      ruleMessages.missingLevel2(getAddress(result.publicAddress), getAddress(await scheme.getAddress())),
    ]);
    await (await scheme.getFunction('grantLevel2')(result.publicAddress)).wait();
    expect(await failure(start(dave, code(alice)))).toEqual([403, m.notSigner]);
    expect(await failure(start(alice, code(bob)))).toEqual([403, m.accessCodeWrong]);
    expect(await failure(start(alice, code(alice), 99))).toEqual([400, dtxMessages.txTypeInvalid]);
    expect(await t.ctx.db.select().from(distributedTransactions)).toHaveLength(0);
    pauseId = (await start(alice, code(alice))).id;
    const pending = await call<{ transactions: { tx: Record<string, unknown> }[] }>(bob, 'pendingDtx');
    expect(pending.transactions).toHaveLength(1);
    expect(pending.transactions[0]?.tx).toMatchObject({
      txId: pauseId,
      txTypeName: 'Pause trading',
      startedBy: 'alice',
      currentApprovers: 1,
      requiredApprovers: 2,
      token: { symbol, name: 'Sharded Co' },
      signers: [{ signedBy: 'alice' }],
      approvedByMe: false,
    });
    expect((await call<{ transactions: unknown[] }>(dave, 'pendingDtx')).transactions).toHaveLength(0);
  });

  it('refuses a second approval by the same signer, a non-signer and a wrong code, changing nothing', async () => {
    const approve = (user: TestUser, accessCode: string) =>
      call(user, 'approveDtx', { body: { id: pauseId, accountAddress: result.publicAddress, accessCode } });
    expect(await failure(approve(alice, code(alice)))).toEqual([409, dtxMessages.alreadyApproved]);
    expect(await failure(approve(dave, code(bob)))).toEqual([403, m.notSigner]);
    const wrong = await failure(approve(bob, code(carol)));
    expect(wrong).toEqual([403, m.accessCodeWrong]);
    expect(await failure(approve(bob, 'AAAA-BBBB-CCCC-DDDD'))).toEqual([403, m.accessCodeWrong]);
    const held = await t.ctx.db.select().from(dtxApprovals);
    expect(held).toHaveLength(1);
    // Below the threshold the database holds the starter's share only (sealed), never M of them.
    expect(held.filter((row) => row.sealedShare !== null)).toHaveLength(1);
    expect(await token.getFunction('isPaused')()).toBe(false);
  });

  it('runs the pause at the threshold: the rebuilt key signs, the chain pauses, shares are erased', async () => {
    const answer = await call<{ txStatus: number; txHash: string }>(bob, 'approveDtx', {
      body: { id: pauseId, accountAddress: result.publicAddress, accessCode: code(bob) },
    });
    expect(answer.txStatus).toBe(dtxStatuses.done);
    expect(await token.getFunction('isPaused')()).toBe(true);
    const receipt = await t.ctx.chain.provider.getTransactionReceipt(answer.txHash);
    expect(receipt?.from.toLowerCase()).toBe(result.publicAddress);
    const approvals = await t.ctx.db.select().from(dtxApprovals).where(eq(dtxApprovals.dtxId, pauseId));
    expect(approvals.map((row) => row.sealedShare)).toEqual([null, null]);
    const detail = await call<{
      tx: Record<string, unknown>;
      signers: unknown[];
      error: { errorMessage: string };
    }>(carol, 'getDtx', { params: { id: String(pauseId) } });
    expect(detail.tx).toMatchObject({ txStatusName: 'Completed', txHash: answer.txHash });
    expect(detail.signers).toHaveLength(2);
    expect(detail.error.errorMessage).toBe('');
    expect(await failure(call(dave, 'getDtx', { params: { id: String(pauseId) } }))).toEqual([
      404,
      dtxMessages.notFound,
    ]);
    const history = await call<{ pageData: { transactionHash: string }[] }>(bob, 'listAccountTransactions', {
      params: { page: '1' },
    });
    expect(history.pageData.map((row) => row.transactionHash)).toContain(answer.txHash);
  });

  it('refuses approving or aborting a finished transaction', async () => {
    const body = { id: pauseId, accountAddress: result.publicAddress, accessCode: code(carol) };
    expect(await failure(call(carol, 'approveDtx', { body }))).toEqual([409, dtxMessages.finished]);
    expect(await failure(call(carol, 'cancelDtx', { body }))).toEqual([409, dtxMessages.finished]);
  });

  it('aborts with an access code; a failing chain call is recorded with the chain error lines', async () => {
    const start = (user: TestUser, txType: number) =>
      call<{ id: number }>(user, 'startDtx', {
        body: { symbol, accountAddress: result.publicAddress, accessCode: code(user), txType, txData: {} },
      });
    const resumeA = (await start(bob, dtxTypes.resume)).id;
    // One pending transaction per key: a second start names the pending one.
    expect(await failure(start(carol, dtxTypes.resume))).toEqual([
      409,
      dtxMessages.pendingExists(resumeA, 'Resume trading', 'bob'),
    ]);
    expect(
      await failure(
        call(carol, 'cancelDtx', {
          body: { id: resumeA, accountAddress: result.publicAddress, accessCode: code(bob) },
        }),
      ),
    ).toEqual([403, m.accessCodeWrong]);
    await call(carol, 'cancelDtx', {
      body: { id: resumeA, accountAddress: result.publicAddress, accessCode: code(carol) },
    });
    const aborted = await call<{ tx: { txStatusName: string }; error: { errorMessage: string } }>(
      bob,
      'getDtx',
      {
        params: { id: String(resumeA) },
      },
    );
    expect(aborted.tx.txStatusName).toBe('Aborted');
    expect(aborted.error.errorMessage).toBe(dtxMessages.abortedBy('carol'));
    const wiped = await t.ctx.db.select().from(dtxApprovals).where(eq(dtxApprovals.dtxId, resumeA));
    expect(wiped.map((row) => row.sealedShare)).toEqual([null]);
    // Resume, then the token is active again: a second resume fails on the chain.
    const resumeC = (await start(alice, dtxTypes.resume)).id;
    await call(bob, 'approveDtx', {
      body: { id: resumeC, accountAddress: result.publicAddress, accessCode: code(bob) },
    });
    expect(await token.getFunction('isPaused')()).toBe(false);
    // The chain changes after the start (Access Level 2 revoked): the run fails with the chain's lines.
    const pauseB = (await start(carol, dtxTypes.pause)).id;
    await (await scheme.getFunction('revokeLevel2')(result.publicAddress)).wait();
    const failed = await call<{ txStatus: number; errorMessage: string }>(alice, 'approveDtx', {
      body: { id: pauseB, accountAddress: result.publicAddress, accessCode: code(alice) },
    });
    await (await scheme.getFunction('grantLevel2')(result.publicAddress)).wait();
    expect(failed.txStatus).toBe(dtxStatuses.failed);
    const detail = await call<{ error: { errorMessage: string } }>(carol, 'getDtx', {
      params: { id: String(pauseB) },
    });
    expect(detail.error.errorMessage).toMatch(/not allowed to pause/i);
    expect(detail.error.errorMessage).toBe(failed.errorMessage);
    expect(await token.getFunction('isPaused')()).toBe(false);
  });

  it('says which approval failed when a share does not belong to the key', async () => {
    const id = (
      await call<{ id: number }>(alice, 'startDtx', {
        body: {
          symbol,
          accountAddress: result.publicAddress,
          accessCode: code(alice),
          txType: dtxTypes.pause,
        },
      })
    ).id;
    // A database administrator swaps alice's collected share for another one: the run names alice.
    await t.ctx.db
      .update(dtxApprovals)
      .set({
        sealedShare: sealApprovalShare(
          t.ctx.masterKey,
          new Uint8Array(randomBytes(33)),
          approvalBinding(id, alice.accountId),
        ),
      })
      .where(eq(dtxApprovals.dtxId, id));
    const answer = await call<{ txStatus: number; errorMessage: string }>(carol, 'approveDtx', {
      body: { id, accountAddress: result.publicAddress, accessCode: code(carol) },
    });
    expect(answer.txStatus).toBe(dtxStatuses.failed);
    expect(answer.errorMessage).toBe(dtxMessages.shareInvalid('alice'));
    expect(await token.getFunction('isPaused')()).toBe(false);
  });

  it('reshards 2-of-3 to 3-of-4 in two phases: the old codes sign until the new generation is activated', async () => {
    const recipients = [alice, bob, carol, dave].map((user) => emails.get(user)).join('\n');
    expect(
      await failure(
        call(dave, 'reshard', {
          body: { accountAddress: result.publicAddress, accessCode: code(alice), minimum: 3, recipients },
        }),
      ),
    ).toEqual([403, m.notSigner]);
    expect(
      await failure(
        call(alice, 'reshard', {
          body: { accountAddress: result.publicAddress, accessCode: code(alice), minimum: 5, recipients },
        }),
      ),
    ).toEqual([400, m.minimumTooHigh]);
    const { id } = await call<{ id: number }>(alice, 'reshard', {
      body: { accountAddress: result.publicAddress, accessCode: code(alice), minimum: 3, recipients },
    });
    const done = await call<{ txStatus: number; info: ShardedKeyResult }>(bob, 'approveDtx', {
      body: { id, accountAddress: result.publicAddress, accessCode: code(bob) },
    });
    expect(done.txStatus).toBe(dtxStatuses.done);
    expect(done.info.shares.map((share) => share.profileName)).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(done.info).toMatchObject({ publicAddress: result.publicAddress, minimum: 3, total: 4 });
    // A second reshard waits for this one.
    expect(
      await failure(
        call(alice, 'reshard', {
          body: { accountAddress: result.publicAddress, accessCode: code(alice), minimum: 2, recipients },
        }),
      ),
    ).toEqual([409, m.reshardAwaitingActivation]);
    await jobRunnerOf(t.app, t.ctx).idle(); // the password mails (durable outbox)
    const oldCodes = codes;
    codes = await accessCodes(done.info);
    const status = await call<ShardedKeyStatus>(carol, 'getShardedKey', {
      params: { address: result.publicAddress },
    });
    expect(status).toMatchObject({ active: false, reshardPending: true, minimum: 3, total: 4 });
    expect(status.signers.map((signer) => signer.opened)).toEqual([false, false, false, false]);
    // Each new signer fetches their own PDF again (a reload loses nothing); it opens with their mailed password.
    const again = await call<{ pdf: string; emailAddress: string }>(dave, 'myShardPdf', {
      params: { address: result.publicAddress },
    });
    expect(again.emailAddress).toBe(emails.get(dave));
    expect(await accessCodeInPdf(again.pdf, await mailedPdfPassword(t.ctx, emails.get(dave) as string))).toBe(
      code(dave),
    );
    // Until activation the old generation signs: alice and bob pause with their old codes.
    expect((await call<{ address: string }[]>(alice, 'listShardedKeys')).map((k) => k.address)).toEqual([
      result.publicAddress,
    ]);
    const old = (user: TestUser) => oldCodes.get(emails.get(user) as string) as string;
    const oldPause = (
      await call<{ id: number }>(alice, 'startDtx', {
        body: {
          symbol,
          accountAddress: result.publicAddress,
          accessCode: old(alice),
          txType: dtxTypes.pause,
        },
      })
    ).id;
    const paused = await call<{ txStatus: number }>(bob, 'approveDtx', {
      body: { id: oldPause, accountAddress: result.publicAddress, accessCode: old(bob) },
    });
    expect(paused.txStatus).toBe(dtxStatuses.done);
    expect(await token.getFunction('isPaused')()).toBe(true);
    // A pending transaction of the old generation is voided (its approval wiped) by the activation.
    const pendingResume = (
      await call<{ id: number }>(carol, 'startDtx', {
        body: {
          symbol,
          accountAddress: result.publicAddress,
          accessCode: old(carol),
          txType: dtxTypes.resume,
        },
      })
    ).id;
    expect(
      await failure(
        call(alice, 'commitShardedKey', {
          body: { publicKey: result.publicAddress, accessCode: code(alice) },
        }),
      ),
    ).toEqual([409, m.notOpened('alice')]);
    await openAll(bob, done.info);
    await call(dave, 'commitShardedKey', {
      body: { publicKey: result.publicAddress, accessCode: code(dave) },
    });
    const voided = await call<{ tx: { txStatusName: string } }>(carol, 'getDtx', {
      params: { id: String(pendingResume) },
    });
    expect(voided.tx.txStatusName).toBe('Aborted');
    const voidedApprovals = await t.ctx.db
      .select()
      .from(dtxApprovals)
      .where(eq(dtxApprovals.dtxId, pendingResume));
    expect(voidedApprovals.map((row) => row.sealedShare)).toEqual([null]);
    // Activated: the stored PDFs and the old shares are erased.
    expect(await failure(call(dave, 'myShardPdf', { params: { address: result.publicAddress } }))).toEqual([
      404,
      m.noPdfToFetch,
    ]);
    const stored = await t.ctx.db.select().from(keyShares);
    expect(stored.filter((row) => row.sealedPdf !== null)).toHaveLength(0);
    expect(stored.filter((row) => row.sealedShare !== null).map((row) => row.generation)).toEqual([
      2, 2, 2, 2,
    ]);
    const start = (user: TestUser, accessCode: string) =>
      call<{ id: number }>(user, 'startDtx', {
        body: { symbol, accountAddress: result.publicAddress, accessCode, txType: dtxTypes.resume },
      });
    // alice's old code no longer opens anything.
    expect(await failure(start(alice, old(alice)))).toEqual([403, m.accessCodeWrong]);
    const resume = (await start(dave, code(dave))).id;
    const second = await call<{ txStatus: number }>(alice, 'approveDtx', {
      body: { id: resume, accountAddress: result.publicAddress, accessCode: code(alice) },
    });
    expect(second.txStatus).toBe(dtxStatuses.pending);
    expect(await token.getFunction('isPaused')()).toBe(true);
    const third = await call<{ txStatus: number }>(carol, 'approveDtx', {
      body: { id: resume, accountAddress: result.publicAddress, accessCode: code(carol) },
    });
    expect(third.txStatus).toBe(dtxStatuses.done);
    expect(await token.getFunction('isPaused')()).toBe(false);
    const page = await call<{ totalRows: number; transactions: { tx: { txTypeName: string } }[] }>(
      dave,
      'listDtx',
      {
        params: { page: '1' },
      },
    );
    expect(page.totalRows).toBe(1);
    expect(page.transactions[0]?.tx.txTypeName).toBe('Resume trading');
  });

  it('a reshard that is never activated is cancelled by a signer it keeps, not one it removes; the key is untouched', async () => {
    const recipients = [alice, dave].map((user) => emails.get(user)).join('\n');
    const { id } = await call<{ id: number }>(bob, 'reshard', {
      body: { accountAddress: result.publicAddress, accessCode: code(bob), minimum: 2, recipients },
    });
    await call(alice, 'approveDtx', {
      body: { id, accountAddress: result.publicAddress, accessCode: code(alice) },
    });
    await call(carol, 'approveDtx', {
      body: { id, accountAddress: result.publicAddress, accessCode: code(carol) },
    });
    expect(
      await failure(
        call(alice, 'cancelReshard', {
          body: { accountAddress: result.publicAddress, accessCode: code(bob) },
        }),
      ),
    ).toEqual([403, m.accessCodeWrong]);
    // carol (and bob) are removed by the reshard M signers approved: carol alone cannot block it.
    expect(
      await failure(
        call(carol, 'cancelReshard', {
          body: { accountAddress: result.publicAddress, accessCode: code(carol) },
        }),
      ),
    ).toEqual([403, m.cancelNotKept]);
    expect(
      (await t.ctx.db.select().from(keyShares))
        .filter((row) => row.generation === 3)
        .map((row) => row.accountId),
    ).toHaveLength(2);
    const status = await call<ShardedKeyStatus>(alice, 'cancelReshard', {
      body: { accountAddress: result.publicAddress, accessCode: code(alice) },
    });
    expect(status).toMatchObject({ active: true, reshardPending: false, minimum: 3, total: 4 });
    const shares = await t.ctx.db.select().from(keyShares);
    expect(shares.filter((row) => row.generation === 3)).toHaveLength(0);
    expect(
      await failure(
        call(carol, 'cancelReshard', {
          body: { accountAddress: result.publicAddress, accessCode: code(carol) },
        }),
      ),
    ).toEqual([409, m.noReshardPending]);
    // The 3-of-4 codes still sign.
    const pause = (
      await call<{ id: number }>(dave, 'startDtx', {
        body: {
          symbol,
          accountAddress: result.publicAddress,
          accessCode: code(dave),
          txType: dtxTypes.pause,
        },
      })
    ).id;
    await call(alice, 'approveDtx', {
      body: { id: pause, accountAddress: result.publicAddress, accessCode: code(alice) },
    });
    const done = await call<{ txStatus: number }>(bob, 'approveDtx', {
      body: { id: pause, accountAddress: result.publicAddress, accessCode: code(bob) },
    });
    expect(done.txStatus).toBe(dtxStatuses.done);
    expect(await token.getFunction('isPaused')()).toBe(true);
  });

  it('a pending transaction expires after DTX_TTL: its approval share is wiped and a new one can start', async () => {
    process.env.DTX_TTL = '1s';
    let expiring: number;
    try {
      expiring = (
        await call<{ id: number }>(dave, 'startDtx', {
          body: {
            symbol,
            accountAddress: result.publicAddress,
            accessCode: code(dave),
            txType: dtxTypes.resume,
          },
        })
      ).id;
    } finally {
      delete process.env.DTX_TTL;
    }
    const listed = await call<{ transactions: { tx: { txId: number; expiresOn: string | null } }[] }>(
      alice,
      'pendingDtx',
    );
    const expiresOn = listed.transactions.find((row) => row.tx.txId === expiring)?.tx.expiresOn;
    expect(expiresOn).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(
      await failure(
        call(alice, 'approveDtx', {
          body: { id: expiring, accountAddress: result.publicAddress, accessCode: code(alice) },
        }),
      ),
    ).toEqual([409, dtxMessages.expired]);
    // Once expired (here by that approval; the periodic sweep may be first), every later action says so too.
    expect(
      await failure(
        call(alice, 'approveDtx', {
          body: { id: expiring, accountAddress: result.publicAddress, accessCode: code(alice) },
        }),
      ),
    ).toEqual([409, dtxMessages.expired]);
    const approvals = await t.ctx.db.select().from(dtxApprovals).where(eq(dtxApprovals.dtxId, expiring));
    expect(approvals.map((row) => row.sealedShare)).toEqual([null]);
    expect((await call<{ transactions: unknown[] }>(alice, 'pendingDtx')).transactions).toHaveLength(0);
    const next = await call<{ id: number }>(alice, 'startDtx', {
      body: {
        symbol,
        accountAddress: result.publicAddress,
        accessCode: code(alice),
        txType: dtxTypes.resume,
      },
    });
    await call(carol, 'cancelDtx', {
      body: { id: next.id, accountAddress: result.publicAddress, accessCode: code(carol) },
    });
  });

  it('locks a signer out of the key for 15 minutes after 5 wrong access codes', async () => {
    const start = (accessCode: string) =>
      call(bob, 'startDtx', {
        body: { symbol, accountAddress: result.publicAddress, accessCode, txType: dtxTypes.resume },
      });
    for (let i = 0; i < 4; i++) expect(await failure(start(code(alice)))).toEqual([403, m.accessCodeWrong]);
    expect(await failure(start(code(alice)))).toEqual([429, m.accessCodeLocked]);
    expect(await failure(start(code(bob)))).toEqual([429, m.accessCodeLocked]);
    const [row] = await t.ctx.db
      .select()
      .from(accessCodeAttempts)
      .where(eq(accessCodeAttempts.accountId, bob.accountId));
    const minutes = ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('a signer named without being asked declines: the key cannot be activated and its creator is mailed', async () => {
    const created = await call<ShardedKeyResult>(carol, 'createShardedKey', {
      body: {
        createNewAccount: true,
        minimum: 2,
        recipients: [carol, dave].map((user) => emails.get(user)).join(', '),
        keyName: 'Unasked',
      },
    });
    const declineBody = { body: { publicKey: created.publicAddress } };
    // Only a signer of the key declines.
    expect(await failure(call(alice, 'declineShardedKey', declineBody))).toEqual([403, m.notSigner]);
    const status = await call<ShardedKeyStatus>(dave, 'declineShardedKey', declineBody);
    expect(status.signers.map((signer) => [signer.profileName, signer.declined])).toEqual([
      ['carol', false],
      ['dave', true],
    ]);
    // Declining again changes nothing (one mail).
    await call(dave, 'declineShardedKey', declineBody);
    const [share] = (await t.ctx.db.select().from(keyShares)).filter(
      (row) => row.accountId === dave.accountId && row.retiredOn !== null && row.generation === 1,
    );
    expect([share?.sealedShare, share?.sealedPdf]).toEqual([null, null]);
    await openAll(carol, { ...created, shares: created.shares.slice(0, 1) });
    const newCodes = await accessCodes({ ...created, shares: created.shares.slice(0, 1) });
    expect(
      await failure(
        call(carol, 'commitShardedKey', {
          body: { publicKey: created.publicAddress, accessCode: newCodes.get(emails.get(carol) as string) },
        }),
      ),
    ).toEqual([409, m.signerDeclined('dave')]);
    expect(
      (await call<ShardedKeyStatus>(carol, 'getShardedKey', { params: { address: created.publicAddress } }))
        .active,
    ).toBe(false);
    await jobRunnerOf(t.app, t.ctx).idle();
    const told = (await listOutbox(t.ctx, { to: emails.get(carol) as string })).filter(
      (mail) => mail.subject === m.declinedMailSubject,
    );
    expect(told.map((mail) => mail.text.split('\n')[0])).toEqual([m.signerDeclined('dave')]);
  });

  it('never writes a key, share, access code or PDF password to the log or an API answer', () => {
    expect(logLines.length).toBeGreaterThan(50);
    expect(answers.length).toBeGreaterThan(50);
    const everything = `${logLines.join('\n')}\n${answers.join('\n')}`;
    const lower = everything.toLowerCase();
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(12);
      expect(lower.includes(secret.toLowerCase()), `a secret leaked: ${secret.slice(0, 4)}...`).toBe(false);
    }
    // The PDFs do appear in answers, encrypted: no access code is readable in them.
    for (const pdfAnswer of answers.filter((text) => text.includes('"pdf"'))) {
      const pdfs = JSON.parse(pdfAnswer) as {
        shares?: { pdf: string }[];
        info?: { shares: { pdf: string }[] };
      };
      for (const share of pdfs.shares ?? pdfs.info?.shares ?? []) {
        const bytes = Buffer.from(share.pdf, 'base64').toString('latin1');
        for (const secret of secrets) expect(bytes.includes(secret)).toBe(false);
      }
    }
  });
});
