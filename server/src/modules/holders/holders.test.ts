import { randomBytes } from 'node:crypto';
import {
  type ApiClient,
  type Holder,
  type HoldersResponse,
  type HolderSortColumn,
  tokenScreenTexts,
} from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { type Contract, encodeBytes32String, id, type JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { indexerOf } from '../tokens/routes.ts';
import { type DevWallets, deploySchemeAndWhitelist, deployTestToken, devWallets } from '../tokens/testing.ts';
import { registerCredential } from '../credentials/service.ts';
import { createTestUser } from '../credentials/testing.ts';
import { findWhitelist, insertWhitelist, saveAddresses } from '../whitelists/repository.ts';
import { encodeHolderCursor } from './routes.ts';

/** Every order of the holders table, as the chain's balances sorted in JavaScript must give it. */
const orders: { sort: HolderSortColumn; order: 'asc' | 'desc' }[] = [
  { sort: 'balance', order: 'desc' },
  { sort: 'balance', order: 'asc' },
  { sort: 'holderAddress', order: 'asc' },
  { sort: 'holderAddress', order: 'desc' },
  { sort: 'legalName', order: 'asc' },
  { sort: 'legalName', order: 'desc' },
];

function compare(a: string | bigint, b: string | bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function expectedOrder(holders: Holder[], sort: HolderSortColumn, order: 'asc' | 'desc'): string[] {
  const key = (h: Holder) =>
    sort === 'balance' ? BigInt(h.balance) : sort === 'legalName' ? (h.legalName ?? '') : h.holderAddress;
  const sign = order === 'asc' ? 1 : -1;
  return [...holders]
    .sort((a, b) => sign * (compare(key(a), key(b)) || compare(a.holderAddress, b.holderAddress)))
    .map((h) => h.holderAddress);
}

describe.each(databaseKinds)('holders pages on %s', (kind) => {
  let devChain: DevChain;
  let t: TestApp;
  let provider: JsonRpcProvider;
  let client: ApiClient;
  let token: Contract;
  let whitelistAddress: string;
  let walletsOf: DevWallets;
  let schemeOf: Contract;
  // 23 holders: balances with ties (every third holder has 500), legal names for all but four, two alike.
  const holders = Array.from({ length: 23 }, (_, i) => ({
    address: Wallet.createRandom().address.toLowerCase(),
    amount: i % 3 === 0 ? 500n : BigInt(100 + ((i * 37) % 97)),
    legalName:
      i % 6 === 5 ? null : i % 7 === 0 ? 'Same Name Ltd' : `Investor ${randomBytes(3).toString('hex')}`,
  }));
  const partition = encodeBytes32String('CLASS-A');

  async function waitIndexed(hash: string): Promise<void> {
    const receipt = await (await provider.getTransaction(hash))?.wait();
    expect(receipt?.status).toBe(1);
    await indexerOf(t.app)?.waitForBlock(receipt?.blockNumber ?? 0, 20_000);
  }

  /** Walks every page forwards with `after`, back again with `before`, and by page number alone. */
  async function walk(sort: HolderSortColumn, order: 'asc' | 'desc', pageSize: number) {
    const params = { code: 'HOLD', partition: 'CLASS-A' };
    const get = (page: number, cursor: { after?: string; before?: string } = {}) =>
      client.call('listHolders', { params, query: { page, pageSize, sort, order, ...cursor } });
    const addresses = (answer: HoldersResponse) => answer.pagedResults.map((h) => h.holderAddress);
    let answer = await get(1);
    const forward = addresses(answer);
    const byNumber = addresses(answer);
    for (let page = 2; page <= answer.totalPages; page++) {
      answer = await get(page, { after: answer.lastCursor ?? '' });
      expect(answer.currentPage).toBe(page);
      forward.push(...addresses(answer));
      byNumber.push(...addresses(await get(page)));
    }
    const backward = addresses(answer);
    for (let page = answer.totalPages - 1; page >= 1; page--) {
      answer = await get(page, { before: answer.firstCursor ?? '' });
      expect(answer.pagedResults).toHaveLength(pageSize);
      backward.unshift(...addresses(answer));
    }
    return { forward, backward, byNumber };
  }

  beforeAll(async () => {
    devChain = await startTestChain();
    t = await createTestApp({ kind, chain: devChain });
    provider = testProvider(devChain);
    const wallets = devWallets(provider);
    const setup = await deploySchemeAndWhitelist(wallets);
    whitelistAddress = setup.whitelistAddress;
    const user = await createTestUser(t, 'holders');
    client = user.client;
    await insertWhitelist(t.ctx.db, {
      chainId: devChain.chainId,
      address: whitelistAddress,
      name: 'Test whitelist',
      schemeAddress: setup.schemeAddress,
      codebaseId: 2,
      ownerAddress: wallets.owner.address,
      accountId: user.accountId,
    });
    token = await deployTestToken(t.ctx.db, wallets, setup, {
      symbol: 'HOLD',
      name: 'Holders token',
      accountId: user.accountId,
    });
    walletsOf = wallets;
    schemeOf = setup.scheme;
    const addresses = holders.map((h) => h.address);
    await (
      await setup.whitelist.getFunction('addVerifiedBatch')(
        addresses,
        addresses.map((a) => id(a)),
      )
    ).wait();
    // Records of the first ten holders exist before the issue; the rest are saved after it.
    await saveRecords(holders.slice(0, 10));
    const tx = await token.getFunction('issueByPartition(bytes32,address[],uint256[],bytes)')(
      partition,
      holders.map((h) => h.address),
      holders.map((h) => h.amount),
      '0x',
    );
    await waitIndexed(tx.hash);
    await saveRecords(holders.slice(10));
  }, 120_000);

  async function saveRecords(part: typeof holders): Promise<void> {
    const whitelist = await findWhitelist(t.ctx.db, devChain.chainId, whitelistAddress);
    if (!whitelist) throw new Error('no whitelist row');
    await saveAddresses(
      t.ctx.db,
      whitelist.id,
      whitelist.accountId ?? 0,
      `0x${'ab'.repeat(32)}`,
      part
        .filter((h) => h.legalName !== null)
        .map((h) => ({
          publicAddress: h.address,
          legalName: h.legalName as string,
          contactDetails: {},
          salt: 's',
          hash: 'h',
        })),
    );
  }

  afterAll(async () => {
    provider?.destroy();
    await t?.close();
    await devChain?.stop();
  });

  it('lists every holder with its chain balance and the legal name of its whitelist record', async () => {
    const all = await client.call('listHolders', {
      params: { code: 'HOLD', partition: 'CLASS-A' },
      query: { pageSize: 100 },
    });
    expect(all.totalRows).toBe(holders.length);
    for (const holder of all.pagedResults) {
      const expected = holders.find((h) => h.address === holder.holderAddress);
      const onChain = (await token.getFunction('balanceOfByPartition')(
        partition,
        holder.holderAddress,
      )) as bigint;
      expect(holder.balance).toBe(onChain.toString());
      expect(holder.legalName).toBe(expected?.legalName ?? null);
    }
  });

  it('answers the dashboard: supply by partition, holders, investors, the ten largest holders and the rest', async () => {
    const stats = await client.call('getTokenStats', { params: { code: 'HOLD' } });
    const supply = (await token.getFunction('totalSupplyByPartition')(partition)) as bigint;
    expect(stats.partitions).toEqual([
      { value: partition, name: 'CLASS-A', supply: supply.toString(), holders: holders.length },
    ]);
    expect(stats.holders).toBe(holders.length);
    // The whitelist verifies the dev wallets' holders and the 23 holders of this test.
    expect(stats.investors).toBe(walletsOf.holders.length + holders.length);
    const largest = [...holders].sort((a, b) => compare(b.amount, a.amount) || compare(a.address, b.address));
    expect(stats.topHolders).toEqual(
      largest.slice(0, 10).map((h) => ({
        holderAddress: h.address,
        legalName: h.legalName,
        balance: h.amount.toString(),
      })),
    );
    const rest = largest.slice(10).reduce((sum, h) => sum + h.amount, 0n);
    expect(stats.restBalance).toBe(rest.toString());
    expect(stats.topHolders.reduce((sum, h) => sum + BigInt(h.balance), 0n) + rest).toBe(supply);
    // Someone who may not see investor data gets the same figures without names.
    const outsider = await createTestUser(t, 'stats-outsider');
    const redacted = await outsider.client.call('getTokenStats', { params: { code: 'HOLD' } });
    expect(redacted.topHolders).toEqual(stats.topHolders.map((h) => ({ ...h, legalName: null })));
  });

  it.each(orders)(
    'pages by $sort $order with cursors forwards and backwards, as by page number',
    async ({ sort, order }) => {
      const all = await client.call('listHolders', {
        params: { code: 'HOLD', partition: 'CLASS-A' },
        query: { pageSize: 100 },
      });
      const expected = expectedOrder(all.pagedResults, sort, order);
      const { forward, backward, byNumber } = await walk(sort, order, 5);
      expect(forward).toEqual(expected);
      expect(backward).toEqual(expected);
      expect(byNumber).toEqual(expected);
    },
  );

  it('follows a legal name changed in the whitelist record', async () => {
    const renamed = holders[1] as (typeof holders)[number];
    await saveRecords([{ ...renamed, legalName: 'AAA First Investor' }]);
    const first = await client.call('listHolders', {
      params: { code: 'HOLD', partition: 'CLASS-A' },
      query: { sort: 'legalName', order: 'asc', pageSize: 10 },
    });
    const named = first.pagedResults.filter((h) => h.legalName !== null);
    expect(named[0]).toMatchObject({ holderAddress: renamed.address, legalName: 'AAA First Investor' });
  });

  it('finds a holder by part of the legal name or by address prefix; names only for those who may see them', async () => {
    const holder = holders[2] as (typeof holders)[number];
    const part = (holder.legalName ?? '').slice(-4).toUpperCase();
    const byName = await client.call('searchHolders', { params: { code: 'HOLD' }, query: { q: part } });
    expect(byName.holders).toContainEqual({
      holderAddress: holder.address,
      legalName: holder.legalName,
      balance: holder.amount.toString(),
    });
    const byAddress = await client.call('searchHolders', {
      params: { code: 'HOLD' },
      query: { q: holder.address.slice(0, 12).toUpperCase().replace('0X', '0x') },
    });
    expect(byAddress.holders.map((h) => h.holderAddress)).toContain(holder.address);
    expect(byAddress.holders.every((h) => h.holderAddress.startsWith(holder.address.slice(0, 12)))).toBe(
      true,
    );
    // A verified investor holding nothing is in the register too.
    const investor = walletsOf.holders.find(
      (h) => !holders.some((x) => x.address === h.address.toLowerCase()),
    );
    const idle = await client.call('searchHolders', {
      params: { code: 'HOLD' },
      query: { q: investor?.address.toLowerCase() ?? '' },
    });
    expect(idle.holders.map((h) => h.holderAddress)).toEqual([investor?.address.toLowerCase()]);
    // Someone who may not see investor data finds by address only, without names.
    const outsider = await createTestUser(t, 'search-outsider');
    const hidden = await outsider.client.call('searchHolders', {
      params: { code: 'HOLD' },
      query: { q: part },
    });
    expect(hidden.holders).toEqual([]);
    const plain = await outsider.client.call('searchHolders', {
      params: { code: 'HOLD' },
      query: { q: holder.address },
    });
    expect(plain.holders).toEqual([
      { holderAddress: holder.address, legalName: null, balance: holder.amount.toString() },
    ]);
  });

  it('refuses a cursor it did not hand out for that order', async () => {
    const params = { code: 'HOLD', partition: 'CLASS-A' };
    const page = await client.call('listHolders', { params, query: { sort: 'balance', pageSize: 5 } });
    const byAddress = await failureOf(
      client.call('listHolders', {
        params,
        query: { sort: 'holderAddress', after: page.lastCursor ?? '' },
      }),
    );
    const forged = encodeHolderCursor('balance', '12; drop table projects', holders[0]?.address ?? '');
    for (const after of ['not base64 ~', forged, Buffer.from('[1,2]').toString('base64url')]) {
      const error = await failureOf(client.call('listHolders', { params, query: { after } }));
      expect([error.statusCode, error.message], after).toEqual([400, tokenScreenTexts.cursorInvalid]);
    }
    expect([byAddress.statusCode, byAddress.message]).toEqual([400, tokenScreenTexts.cursorInvalid]);
  });

  it('answers an empty page with no cursors past the end and for an unknown partition', async () => {
    const params = { code: 'HOLD', partition: 'CLASS-A' };
    const past = await client.call('listHolders', { params, query: { page: 99, pageSize: 5 } });
    expect(past).toMatchObject({
      totalRows: holders.length,
      pagedResults: [],
      firstCursor: null,
      lastCursor: null,
    });
    const none = await client.call('listHolders', { params: { code: 'HOLD', partition: 'CLASS-Z' } });
    expect(none).toMatchObject({ totalRows: 0, pagedResults: [], firstCursor: null });
  });

  describe('investor data (access rules)', () => {
    const params = { code: 'HOLD', partition: 'CLASS-A' };
    const named = (answer: HoldersResponse) => answer.pagedResults.filter((h) => h.legalName !== null);

    it('answers another account addresses and balances, never names (the redacted view)', async () => {
      const outsider = await createTestUser(t, 'outsider');
      const all = await outsider.client.call('listHolders', { params, query: { pageSize: 100 } });
      expect(all.totalRows).toBe(holders.length);
      expect(all.pagedResults.map((h) => [h.legalName, h.verificationTransactionHash])).toEqual(
        holders.map(() => [null, null]),
      );
      expect(all.pagedResults.map((h) => h.balance).sort()).toEqual(
        holders.map((h) => h.amount.toString()).sort(),
      );
      // An order by legal name would tell names apart: the redacted view orders by balance instead.
      const byName = await outsider.client.call('listHolders', {
        params,
        query: { sort: 'legalName', order: 'asc', pageSize: 100 },
      });
      expect(byName.pagedResults.map((h) => h.holderAddress)).toEqual(
        expectedOrder(all.pagedResults, 'balance', 'asc'),
      );
    });

    it('shows names to the controller and to a Level 2 holder of the scheme, not to a mere key holder', async () => {
      const controller = await createTestUser(t, 'controller');
      await registerCredential(t.ctx.db, t.ctx.masterKey, controller.accountId, {
        publicKey: walletsOf.controller.address,
        privateKey: walletsOf.controller.key,
      });
      expect(
        named(await controller.client.call('listHolders', { params, query: { pageSize: 100 } })),
      ).toHaveLength(holders.filter((h) => h.legalName !== null).length);

      const officer = await createTestUser(t, 'officer');
      const key = Wallet.createRandom();
      await registerCredential(t.ctx.db, t.ctx.masterKey, officer.accountId, {
        publicKey: key.address.toLowerCase(),
        privateKey: key.privateKey,
      });
      expect(named(await officer.client.call('listHolders', { params, query: { pageSize: 100 } }))).toEqual(
        [],
      );
      await (await schemeOf.getFunction('grantLevel2')(key.address)).wait();
      expect(
        named(await officer.client.call('listHolders', { params, query: { pageSize: 100 } })),
      ).toHaveLength(holders.filter((h) => h.legalName !== null).length);
    });
  });
});
