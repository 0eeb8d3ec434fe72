import {
  type BulkJob,
  bulkOperationMessages as b,
  type CreateDraftRequest,
  tokenEnforcementMessages as e,
  type TokenDraftInput,
  txTypes,
  zeroAddress,
} from '@tranche/api';
import { type DevChain, devAccountKeys, securityTokenV2Abi } from '@tranche/contracts';
import { and, eq } from 'drizzle-orm';
import { Contract, encodeBytes32String, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  startTestChain,
  type TestApp,
} from '../../../test/helpers.ts';
import { jobs } from '../../jobs/schema.ts';
import { createTestUser, type TestUser } from '../credentials/testing.ts';
import { type IssuerChain, randomAddresses, setupIssuerChain } from '../drafts/testing.ts';
import { accountTransactions } from '../transactions/schema.ts';
import { bulkJobKind } from './schema.ts';

/**
 * Bulk freezes on a version 2 token (issue 36), on a real Anvil: addresses and amounts per partition frozen and
 * unfrozen by the durable bulk job, one transaction a row, each row's outcome in the single freeze's words, and who
 * may (the token's owner or controller, as for one freeze).
 */

const addressOf = (i: number) => new Wallet(devAccountKeys[i] as string).address.toLowerCase();
const issuer = addressOf(1);
const owner = addressOf(3);
const symbol = 'VBFZ';
const defaultPartition = encodeBytes32String('default');

describe.each(databaseKinds)('bulk freezes on a version 2 token (%s)', (kind) => {
  let chain: DevChain;
  let issuerChain: IssuerChain;
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let token: Contract;
  // Issued 100, 200 and 300 by the draft's deployment.
  const investors = randomAddresses(3);
  const [first, second, third] = investors as [string, string, string];

  /** Starts a bulk operation as `user` and waits for its end. */
  const run = async (
    user: TestUser,
    operation: BulkJob['operation'],
    rows: { address?: string; amount?: string; partition?: string }[],
  ): Promise<BulkJob> => {
    const { jobId } = await user.client.call('startBulk', {
      body: { symbol, operation, accountAddress: owner, rows },
    });
    for (;;) {
      const job = await user.client.call('getBulk', { params: { jobId: String(jobId) } });
      if (job.state === 'done' || job.state === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const outcomes = (job: BulkJob) => job.rows.map((row) => [row.row, row.status, row.reason]);
  const frozenOf = (address: string) =>
    token.getFunction('getFrozenTokensByPartition')(defaultPartition, address) as Promise<bigint>;

  beforeAll(async () => {
    chain = await startTestChain();
    issuerChain = await setupIssuerChain(chain.rpcUrl, [issuer]);
    await issuerChain.verify([...investors, owner]);
    t = await createTestApp({ kind, chain });
    alice = await createTestUser(t, 'alice');
    bob = await createTestUser(t, 'bob');
    const draft: TokenDraftInput = {
      symbol,
      name: `${symbol} shares`,
      exchangeRate: 1,
      currency: 'EUR',
      codebaseId: 2,
      whitelistAddress: issuerChain.whitelistAddress,
      controllerAddress: zeroAddress,
      investors: investors.map((publicAddress, i) => ({ publicAddress, investmentAmount: 100 * (i + 1) })),
    };
    await alice.client.call('createDraft', {
      body: { bulk: { tokens: [draft] } } satisfies CreateDraftRequest,
    });
    await alice.client.call('deployDraft', {
      body: { symbol, accountAddress: issuer, ownerAddress: owner, txMode: 2 },
    });
    for (;;) {
      const found = await alice.client.call('getDraft', { params: { symbol } });
      const busy = found.status === 1 || found.investors.some((i) => i.status === 0 || i.status === 1);
      if (found.errorMessage) throw new Error(found.errorMessage);
      if (!busy) {
        token = new Contract(found.contractAddress as string, securityTokenV2Abi, t.ctx.chain.provider);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await token.getFunction('balanceOf')(third)).toBe(300n);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    issuerChain?.close();
    await chain?.stop();
  });

  it('freezes and unfreezes amounts per partition, each row with its outcome in words', async () => {
    const job = await run(bob, 'freezeTokens', [
      { address: first, amount: '40', partition: 'default' },
      { address: second, amount: '500', partition: 'default' },
      { address: 'not an address', amount: '1', partition: 'default' },
      { address: third, amount: '300', partition: 'default' },
    ]);
    expect(job).toMatchObject({ operation: 'freezeTokens', state: 'done', total: 4, done: 2, failed: 2 });
    expect(outcomes(job)).toEqual([
      [1, 'done', null],
      [2, 'failed', b.refused(2, e.aboveUnfrozen('200'))],
      [3, 'failed', b.addressInvalid(3)],
      [4, 'done', null],
    ]);
    // One transaction a row that passed, recorded in the transaction pipeline as partial freezes.
    expect(job.transactions).toBe(2);
    const hashes = job.rows.flatMap((row) => (row.transactionHash ? [row.transactionHash] : []));
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) {
      const [recorded] = await t.ctx.db
        .select()
        .from(accountTransactions)
        .where(eq(accountTransactions.transactionHash, hash))
        .limit(1);
      expect(recorded?.txType).toBe(txTypes.partialFreeze);
    }
    expect([await frozenOf(first), await frozenOf(second), await frozenOf(third)]).toEqual([40n, 0n, 300n]);
    // The holders list shows them (read from the chain).
    const holders = await alice.client.call('listHolders', {
      params: { code: symbol, partition: 'default' },
      query: { pageSize: 10 },
    });
    expect(holders.pagedResults.find((row) => row.holderAddress === first)?.frozen).toBe('40');
    expect(holders.pagedResults.find((row) => row.holderAddress === third)?.frozen).toBe('300');

    const unfrozen = await run(bob, 'unfreezeTokens', [
      { address: first, amount: '41', partition: 'default' },
      { address: third, amount: '300', partition: 'default' },
    ]);
    expect(outcomes(unfrozen)).toEqual([
      [1, 'failed', b.refused(1, e.aboveFrozen('40'))],
      [2, 'done', null],
    ]);
    expect([await frozenOf(first), await frozenOf(third)]).toEqual([40n, 0n]);
  });

  it('freezes and unfreezes addresses; an address frozen already is refused in words', async () => {
    const job = await run(bob, 'freezeAddress', [
      { address: second },
      { address: third },
      { address: second },
    ]);
    expect(outcomes(job)).toEqual([
      [1, 'done', null],
      [2, 'done', null],
      [3, 'failed', b.addressTwiceInFile(3)],
    ]);
    expect(job.rows[0]).toMatchObject({ amount: '', partition: '' });
    expect(await token.getFunction('isFrozen')(second)).toBe(true);
    expect(await token.getFunction('isFrozen')(third)).toBe(true);
    const again = await run(bob, 'freezeAddress', [{ address: third }]);
    expect(outcomes(again)).toEqual([[1, 'failed', b.refused(1, e.alreadyFrozen)]]);

    const unfrozen = await run(bob, 'unfreezeAddress', [{ address: second }, { address: first }]);
    expect(outcomes(unfrozen)).toEqual([
      [1, 'done', null],
      [2, 'failed', b.refused(2, e.notFrozen)],
    ]);
    expect(await token.getFunction('isFrozen')(second)).toBe(false);
    expect(await token.getFunction('isFrozen')(third)).toBe(true);
    // The job is durable like the other bulk jobs: a row of the jobs table, done.
    const [row] = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, unfrozen.jobId), eq(jobs.kind, bulkJobKind)));
    expect(row?.state).toBe('done');
  });

  it('is for the token owner or controller only, as one freeze', async () => {
    const refused = await failureOf(
      bob.client.call('startBulk', {
        body: { symbol, operation: 'freezeAddress', accountAddress: issuer, rows: [{ address: first }] },
      }),
    );
    expect([refused.statusCode, refused.message]).toEqual([403, e.notEnforcer]);
    // Another account sees nothing of bob's jobs.
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, bulkJobKind)).limit(1);
    const hidden = await failureOf(alice.client.call('getBulk', { params: { jobId: String(job?.id) } }));
    expect([hidden.statusCode, hidden.message]).toEqual([404, b.notFound]);
  });
});
