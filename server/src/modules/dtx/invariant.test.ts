import type { AddressInfo } from 'node:net';
import { ApiError, createApiClient, dtxStatuses, type ShardedKeyResult } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { eq, sql } from 'drizzle-orm';
import { parseEther } from 'ethers';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { accounts } from '../../db/schema.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { jobs } from '../../jobs/schema.ts';
import { createTestUser, type TestUser } from '../credentials/testing.ts';
import {
  addressOf,
  combineShares,
  deriveShareKey,
  openShare,
  shareBinding,
} from '../sharding/keyMaterial.ts';
import { findKeyByAddress, listSigners } from '../sharding/repository.ts';
import { accessCodeInPdf, mailedPdfPassword } from '../sharding/testing.ts';
import { deploySchemeAndWhitelist, deployTestToken, devWallets } from '../tokens/testing.ts';
import { distributedTransactions, dtxApprovals } from './schema.ts';

/**
 * The invariant of sharded keys (server/README.md), as a property: over random sequences of start / approve /
 * abort / expire / reshard / restart on 2-of-3 and 3-of-5 keys, after every step the database plus the master key
 * hold fewer than M decryptable shares of any key generation, and the key's address never changes (at the end, M
 * shares opened with the signers' current access codes still rebuild it).
 */

let chain: DevChain;
let t: TestApp;
let app: FastifyInstance;
let baseUrl: string;
const users: TestUser[] = [];
const emailOf = new Map<TestUser, string>();
const symbol = 'PROP';
let scheme: {
  getFunction: (name: string) => (...args: unknown[]) => Promise<{ wait: () => Promise<unknown> }>;
};
let funder: ReturnType<typeof devWallets>['owner'];

async function listen(instance: FastifyInstance) {
  await instance.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(instance.server.address() as AddressInfo).port}`;
}

function api(user: TestUser) {
  return createApiClient({ baseUrl, getToken: () => user.token }).call as (
    id: string,
    input?: object,
  ) => Promise<unknown>;
}

/** A restart: the app and its job runner stop, a new one starts on the same database (settling what was left). */
async function restart() {
  await app.close();
  app = await buildApp({ ...t.ctx, logger: false, consoleDir: null });
  await app.ready();
  await listen(app);
}

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain });
  app = t.app;
  await listen(app);
  for (let i = 0; i < 5; i += 1) {
    const user = await createTestUser(t, `s${i}`);
    users.push(user);
    const [row] = await t.ctx.db
      .select({ email: accounts.emailAddress })
      .from(accounts)
      .where(eq(accounts.id, user.accountId));
    emailOf.set(user, row?.email as string);
  }
  const wallets = devWallets(t.ctx.chain.provider);
  funder = wallets.owner;
  const setup = await deploySchemeAndWhitelist(wallets);
  scheme = setup.scheme as unknown as typeof scheme;
  await deployTestToken(t.ctx.db, wallets, setup, { symbol, name: 'Property Co', controller: null });
}, 120_000);

afterAll(async () => {
  await app?.close();
  t?.ctx.chain.close();
  await t?.database.close();
  await chain?.stop();
});

type Step =
  | { kind: 'start'; by: number; txType: 1 | 2 }
  | { kind: 'approve'; by: number }
  | { kind: 'abort'; by: number }
  | { kind: 'expire' }
  | { kind: 'reshard'; by: number }
  | { kind: 'restart' };

const step = (n: number): fc.Arbitrary<Step> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('start' as const),
      by: fc.nat(n - 1),
      txType: fc.constantFrom(1 as const, 2 as const),
    }),
    fc.record({ kind: fc.constant('approve' as const), by: fc.nat(n - 1) }),
    fc.record({ kind: fc.constant('approve' as const), by: fc.nat(n - 1) }),
    fc.record({ kind: fc.constant('abort' as const), by: fc.nat(n - 1) }),
    fc.record({ kind: fc.constant('expire' as const) }),
    fc.record({ kind: fc.constant('reshard' as const), by: fc.nat(n - 1) }),
    fc.record({ kind: fc.constant('restart' as const) }),
  );

/** Codes of the signers of a key, from their PDFs and mailed passwords. */
async function codesOf(result: ShardedKeyResult) {
  await jobRunnerOf(app, t.ctx).idle();
  const codes = new Map<string, string>();
  for (const share of result.shares) {
    codes.set(
      share.emailAddress,
      await accessCodeInPdf(share.pdf, await mailedPdfPassword(t.ctx, share.emailAddress)),
    );
  }
  return codes;
}

async function activate(result: ShardedKeyResult, signers: TestUser[], codes: Map<string, string>) {
  for (const share of result.shares) {
    await api(signers[0] as TestUser)('shardOpened', {
      body: {
        publicKey: result.publicAddress,
        emailAddress: share.emailAddress,
        pdfPassword: await mailedPdfPassword(t.ctx, share.emailAddress),
      },
    });
  }
  const first = signers[0] as TestUser;
  await api(first)('commitShardedKey', {
    body: { publicKey: result.publicAddress, accessCode: codes.get(emailOf.get(first) as string) },
  });
}

/** Decryptable with the database and the master key alone: approval shares of not-finished transactions. */
async function checkInvariant(address: string, original: string) {
  const key = await findKeyByAddress(t.ctx.db, address);
  expect(key?.address).toBe(original);
  const held = await t.ctx.db
    .select({ generation: distributedTransactions.generation, n: sql<number>`count(*)::int` })
    .from(dtxApprovals)
    .innerJoin(distributedTransactions, eq(distributedTransactions.id, dtxApprovals.dtxId))
    .where(
      sql`${dtxApprovals.sealedShare} is not null and ${distributedTransactions.keyId} = ${key?.id ?? 0}`,
    )
    .groupBy(distributedTransactions.generation);
  for (const row of held) expect(row.n).toBeLessThan(key?.threshold ?? 0);
  // Password mails wait in the outbox only until sent (see server/README.md): drained, none is left.
  await jobRunnerOf(app, t.ctx).idle();
  const waiting = await t.ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(sql`${jobs.kind} = 'sharding.mail' and ${jobs.payload} ? 'sealed'`);
  expect(waiting).toHaveLength(0);
}

async function run(m: number, n: number, steps: Step[]) {
  const signers = users.slice(0, n);
  const emails = signers.map((user) => emailOf.get(user) as string);
  const created = (await api(signers[0] as TestUser)('createShardedKey', {
    body: { recipients: emails, minimum: m },
  })) as ShardedKeyResult;
  const address = created.publicAddress;
  let codes = await codesOf(created);
  await activate(created, signers, codes);
  await (await scheme.getFunction('grantLevel2')(address)).wait();
  await (await funder.signer.sendTransaction({ to: address, value: parseEther('1') })).wait();
  const code = (user: TestUser) => codes.get(emailOf.get(user) as string) as string;
  let pending: number | undefined;
  const tolerate = async (action: () => Promise<unknown>) => {
    try {
      return await action();
    } catch (error) {
      // Refusals (a pending one exists, already approved, finished, the chain refuses the start) change nothing.
      if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
      return undefined;
    }
  };
  for (const s of steps) {
    const user = 'by' in s ? (signers[s.by] as TestUser) : (signers[0] as TestUser);
    if (s.kind === 'start') {
      const started = (await tolerate(() =>
        api(user)('startDtx', {
          body: { symbol, accountAddress: address, accessCode: code(user), txType: s.txType, txData: {} },
        }),
      )) as { id: number } | undefined;
      if (started) pending = started.id;
    } else if (s.kind === 'reshard') {
      const started = (await tolerate(() =>
        api(user)('reshard', {
          body: { accountAddress: address, accessCode: code(user), minimum: m, recipients: emails },
        }),
      )) as { id: number } | undefined;
      if (started) pending = started.id;
    } else if (s.kind === 'approve' && pending !== undefined) {
      const answer = (await tolerate(() =>
        api(user)('approveDtx', { body: { id: pending, accountAddress: address, accessCode: code(user) } }),
      )) as { txStatus: number; info?: ShardedKeyResult } | undefined;
      if (answer && answer.txStatus !== dtxStatuses.pending) pending = undefined;
      if (answer?.info) {
        await checkInvariant(address, address);
        const next = await codesOf(answer.info);
        await activate(answer.info, signers, next);
        codes = next;
      }
    } else if (s.kind === 'abort' && pending !== undefined) {
      await tolerate(() =>
        api(user)('cancelDtx', { body: { id: pending, accountAddress: address, accessCode: code(user) } }),
      );
      pending = undefined;
    } else if (s.kind === 'expire' && pending !== undefined) {
      await t.ctx.db
        .update(distributedTransactions)
        .set({ expiresOn: new Date(Date.now() - 1000) })
        .where(eq(distributedTransactions.id, pending));
      await api(user)('pendingDtx');
      pending = undefined;
    } else if (s.kind === 'restart') {
      await restart();
    }
    await checkInvariant(address, address);
  }
  // Nothing left running, and M current shares opened with the signers' codes rebuild the same address.
  const running = await t.ctx.db
    .select()
    .from(distributedTransactions)
    .where(eq(distributedTransactions.status, dtxStatuses.executing));
  expect(running).toHaveLength(0);
  const key = await findKeyByAddress(t.ctx.db, address);
  if (!key) throw new Error('key gone');
  const opened: Uint8Array[] = [];
  for (const signer of (await listSigners(t.ctx.db, key.id, key.generation)).slice(0, key.threshold)) {
    const email = signer.emailAddress;
    const codeKey = await deriveShareKey(codes.get(email) as string, signer.kdfSalt);
    const share = openShare(
      t.ctx.masterKey,
      codeKey,
      signer.sealedShare as string,
      shareBinding(key.address, key.generation, signer.accountId),
    );
    if (!share) throw new Error(`the code of ${email} does not open its share`);
    opened.push(share);
  }
  expect(addressOf(await combineShares(opened))).toBe(address);
  // Leave the key without a pending transaction for the next run's keys (one chain, one token).
  if (pending !== undefined) {
    await tolerate(() =>
      api(signers[0] as TestUser)('cancelDtx', {
        body: { id: pending, accountAddress: address, accessCode: code(signers[0] as TestUser) },
      }),
    );
  }
}

it('2-of-3 and 3-of-5 keys: the database and the master key never hold M shares; the address never changes', async () => {
  for (const [m, n] of [
    [2, 3],
    [3, 5],
  ] as const) {
    await fc.assert(
      fc.asyncProperty(fc.array(step(n), { minLength: 4, maxLength: 10 }), (steps) => run(m, n, steps)),
      { numRuns: 4, seed: 17, endOnFailure: true },
    );
  }
}, 600_000);
