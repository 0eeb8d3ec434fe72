import type { ApiClient, TokenHistory } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { type Contract, encodeBytes32String, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { createTestUser } from '../credentials/testing.ts';
import { indexerOf } from '../tokens/routes.ts';
import { type DevWallets, deploySchemeAndWhitelist, deployTestToken, devWallets } from '../tokens/testing.ts';

const day = 86_400;
const dayText = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * "Supply and holders over time" (GET /tokenstats/{code}/history): the end-of-day figures of the days on which
 * balances changed, on a chain whose clock the test moves on by days (so the days are the chain's block times).
 */
describe.each(databaseKinds)('supply and holders over time on %s', (kind) => {
  let devChain: DevChain;
  let t: TestApp;
  let provider: JsonRpcProvider;
  let client: ApiClient;
  let wallets: DevWallets;
  let token: Contract;
  /** 01:00 UTC of the day after the chain's time at the start: the first day with changes. */
  let first: number;
  let emptyAnswer: TokenHistory;
  const classA = encodeBytes32String('CLASS-A');
  const classB = encodeBytes32String('CLASS-B');

  async function mined(sent: Promise<{ hash: string }>): Promise<void> {
    const receipt = await (await provider.getTransaction((await sent).hash))?.wait();
    expect(receipt?.status).toBe(1);
    await indexerOf(t.app)?.waitForBlock(receipt?.blockNumber ?? 0, 20_000);
  }

  const issue = (partition: string, to: string, amount: bigint) =>
    mined(
      token.getFunction('issueByPartition(bytes32,address[],uint256[],bytes)')(
        partition,
        [to],
        [amount],
        '0x',
      ),
    );

  beforeAll(async () => {
    devChain = await startTestChain();
    t = await createTestApp({ kind, chain: devChain });
    provider = testProvider(devChain);
    wallets = devWallets(provider);
    const setup = await deploySchemeAndWhitelist(wallets);
    const user = await createTestUser(t, 'history');
    client = user.client;
    token = await deployTestToken(t.ctx.db, wallets, setup, {
      symbol: 'HIST',
      name: 'History token',
      accountId: user.accountId,
    });
    emptyAnswer = await client.call('getTokenHistory', { params: { code: 'HIST' }, query: { range: 'all' } });
    const latest = await provider.getBlock('latest');
    first = (Math.floor((latest?.timestamp ?? 0) / day) + 1) * day + 3600;
    const [a, b, c] = wallets.holders;
    if (!a || !b || !c) throw new Error('three holders expected');
    // Day 0: A gets 1,000 CLASS-A and 200 CLASS-B, B 500 CLASS-A: 1,700 tokens, 2 holders (A counted once).
    await provider.send('evm_setNextBlockTimestamp', [first]);
    await issue(classA, a.address, 1000n);
    await issue(classB, a.address, 200n);
    await issue(classA, b.address, 500n);
    // Day 3: A gives B all its CLASS-A (A still holds CLASS-B), then the controller redeems A's 200: 1,500, 1 holder.
    await provider.send('evm_setNextBlockTimestamp', [first + 3 * day]);
    const asA = token.connect(a.signer) as Contract;
    await mined(asA.getFunction('transferByPartition')(classA, b.address, 1000n, '0x'));
    await mined(
      (token.connect(wallets.controller.signer) as Contract).getFunction('controllerRedeem')(
        a.address,
        200n,
        '0x',
        '0x',
      ),
    );
    // Day 43: C gets 300: 1,800 tokens, 2 holders.
    await provider.send('evm_setNextBlockTimestamp', [first + 43 * day]);
    await issue(classA, c.address, 300n);
  }, 120_000);

  afterAll(async () => {
    provider?.destroy();
    await t?.close();
    await devChain?.stop();
  });

  it('has no points before anything is issued, the range being today alone', () => {
    expect(emptyAnswer.points).toEqual([]);
    expect(emptyAnswer.from).toBe(emptyAnswer.to);
  });

  it('gives every day with changes from the first one with "all"', async () => {
    const history = await client.call('getTokenHistory', {
      params: { code: 'HIST' },
      query: { range: 'all' },
    });
    expect(history).toEqual({
      range: 'all',
      from: dayText(first),
      to: dayText(first + 43 * day),
      points: [
        { day: dayText(first), supply: '1700', holders: 2 },
        { day: dayText(first + 3 * day), supply: '1500', holders: 1 },
        { day: dayText(first + 43 * day), supply: '1800', holders: 2 },
      ],
    });
    // The last point is the chain's supply now.
    expect(((await token.getFunction('totalSupply')()) as bigint).toString()).toBe(
      history.points.at(-1)?.supply,
    );
  });

  it('starts 30 days back with the figures that held then, and a year back with all of them', async () => {
    const month = await client.call('getTokenHistory', { params: { code: 'HIST' }, query: { range: '30d' } });
    const monthStart = dayText(first + 43 * day - 29 * day);
    expect(month).toEqual({
      range: '30d',
      from: monthStart,
      to: dayText(first + 43 * day),
      points: [
        { day: monthStart, supply: '1500', holders: 1 },
        { day: dayText(first + 43 * day), supply: '1800', holders: 2 },
      ],
    });
    const year = await client.call('getTokenHistory', { params: { code: 'HIST' }, query: { range: '1y' } });
    expect(year.from).toBe(dayText(first + 43 * day - 364 * day));
    expect(year.points.map((p) => [p.supply, p.holders])).toEqual([
      ['1700', 2],
      ['1500', 1],
      ['1800', 2],
    ]);
  });

  it('answers anyone signed in with the same figures (no names in them), and a token that is not there in words', async () => {
    const other = await createTestUser(t, 'history-outsider');
    const theirs = await other.client.call('getTokenHistory', { params: { code: 'HIST' }, query: {} });
    expect(theirs.range).toBe('30d');
    expect(theirs.points.at(-1)).toEqual({ day: dayText(first + 43 * day), supply: '1800', holders: 2 });
    const missing = await failureOf(
      client.call('getTokenHistory', { params: { code: 'NOPE' }, query: { range: 'all' } }),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.message).toMatch(/NOPE/);
  });
});
