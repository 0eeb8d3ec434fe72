import type { ApiClient } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { type Contract, encodeBytes32String, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { createTestUser } from '../credentials/testing.ts';
import { indexerOf } from '../tokens/routes.ts';
import { type DevWallets, deploySchemeAndWhitelist, deployTestToken, devWallets } from '../tokens/testing.ts';

/**
 * A server that shows balances as final only under 3 blocks, on a chain that mines a block per transaction and
 * then stands still: the indexer reads the last blocks once the head stalls, and the holders, balance and
 * balance report answers mark a balance changed in them unconfirmed until 3 more blocks are mined.
 */
describe.each(databaseKinds)('unconfirmed balances on %s', (kind) => {
  const confirmations = 3;
  const partition = encodeBytes32String('CLASS-A');
  const saved = {
    confirmations: process.env.INDEXER_CONFIRMATIONS,
    stalled: process.env.INDEXER_STALLED_HEAD_MS,
  };
  let devChain: DevChain;
  let t: TestApp;
  let provider: JsonRpcProvider;
  let client: ApiClient;
  let token: Contract;
  let wallets: DevWallets;

  beforeAll(async () => {
    process.env.INDEXER_CONFIRMATIONS = String(confirmations);
    process.env.INDEXER_STALLED_HEAD_MS = '200';
    devChain = await startTestChain();
    t = await createTestApp({ kind, chain: devChain });
    provider = testProvider(devChain);
    wallets = devWallets(provider);
    const setup = await deploySchemeAndWhitelist(wallets);
    const user = await createTestUser(t, 'unconfirmed');
    client = user.client;
    token = await deployTestToken(t.ctx.db, wallets, setup, {
      symbol: 'UNCF',
      name: 'Unconfirmed token',
      accountId: user.accountId,
    });
  }, 120_000);

  afterAll(async () => {
    for (const [name, value] of [
      ['INDEXER_CONFIRMATIONS', saved.confirmations],
      ['INDEXER_STALLED_HEAD_MS', saved.stalled],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    provider?.destroy();
    await t?.close();
    await devChain?.stop();
  });

  /** Issues to a holder and waits until the indexer stored the block (it does once the head stalls). */
  async function issue(holder: string, amount: bigint): Promise<number> {
    const tx = await token.getFunction('issueByPartition(bytes32,address,uint256,bytes)')(
      partition,
      holder,
      amount,
      '0x',
    );
    const receipt = await tx.wait();
    expect(receipt?.status).toBe(1);
    await indexerOf(t.app)?.waitForBlock(receipt.blockNumber, 20_000);
    return receipt.blockNumber as number;
  }

  async function mine(blocks: number): Promise<void> {
    for (let i = 0; i < blocks; i++) await provider.send('evm_mine', []);
  }

  /** The `unconfirmed` flag of a holder in each answer that shows its balance: holders, balance, report. */
  async function flags(holder: string) {
    const holders = await client.call('listHolders', {
      params: { code: 'UNCF', partition: 'CLASS-A' },
      query: { pageSize: 100 },
    });
    const balance = await client.call('getBalance', { params: { code: 'UNCF', address: holder } });
    const report = await client.call('balanceOf', { params: { address: holder } });
    return {
      holders: holders.pagedResults.find((row) => row.holderAddress === holder)?.unconfirmed,
      balance: balance.balances.map((row) => row.unconfirmed),
      report: report.flatMap((entry) => entry.balanceInfo.map((row) => row.unconfirmed)),
    };
  }

  it('marks a just-issued holder unconfirmed until 3 more blocks are mined, row by row', async () => {
    const config = await client.call('config');
    expect(config.confirmations).toBe(confirmations);
    const [earlier, later] = wallets.holders.map((h) => h.address) as [string, string];

    await issue(earlier, 40n);
    await mine(confirmations);
    const issuedAt = await issue(later, 100n);
    expect(await provider.getBlockNumber()).toBe(issuedAt);

    expect(await flags(later)).toEqual({ holders: true, balance: [true], report: [true] });
    expect(await flags(earlier)).toEqual({ holders: false, balance: [false], report: [false] });

    // Two blocks on top: still above head - 3.
    await mine(confirmations - 1);
    expect(await flags(later)).toEqual({ holders: true, balance: [true], report: [true] });

    // The third: final.
    await mine(1);
    expect(await flags(later)).toEqual({ holders: false, balance: [false], report: [false] });
    const holders = await client.call('listHolders', { params: { code: 'UNCF', partition: 'CLASS-A' } });
    expect(holders.pagedResults.map((row) => [row.holderAddress, row.balance, row.unconfirmed])).toEqual([
      [later, '100', false],
      [earlier, '40', false],
    ]);

    // The report reads the chain: a change the indexer has not read (stopped here) is not final to the platform,
    // however deep it is.
    await indexerOf(t.app)?.stop();
    await (
      await token.getFunction('issueByPartition(bytes32,address,uint256,bytes)')(partition, earlier, 5n, '0x')
    ).wait();
    await mine(confirmations);
    const report = await client.call('balanceOf', { params: { address: earlier } });
    expect(report.flatMap((entry) => entry.balanceInfo.map((row) => [row.balance, row.unconfirmed]))).toEqual(
      [['45', true]],
    );
  });
});
