import { type ApiClient, dtxStatuses, txTypes } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { type Contract, encodeBytes32String, type JsonRpcProvider, ZeroHash } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { createTestUser } from '../credentials/testing.ts';
import { insertDistribution } from '../distributions/repository.ts';
import { distributedTransactions } from '../dtx/schema.ts';
import { findProjectBySymbol } from '../projects/repository.ts';
import { shardedKeys } from '../sharding/schema.ts';
import { insertSnapshot } from '../snapshots/repository.ts';
import { indexerOf } from '../tokens/routes.ts';
import { type DevWallets, deploySchemeAndWhitelist, deployTestToken, devWallets } from '../tokens/testing.ts';
import { findWhitelist, insertWhitelist, saveAddresses } from '../whitelists/repository.ts';

const day = 86_400;

/**
 * The dashboard's "Next scheduled action" (GET /tokenstats/{code}, nextAction): the earliest dated thing of the
 * token after the chain's time, each kind added in turn with an earlier date than the one before.
 */
describe.each(databaseKinds)('the next scheduled action on %s', (kind) => {
  let devChain: DevChain;
  let t: TestApp;
  let provider: JsonRpcProvider;
  let client: ApiClient;
  let outsider: ApiClient;
  let wallets: DevWallets;
  let token: Contract;
  let whitelist: Contract;
  let start: number;
  let accountId: number;

  async function mined(sent: Promise<{ hash: string }>): Promise<number> {
    const receipt = await (await provider.getTransaction((await sent).hash))?.wait();
    expect(receipt?.status).toBe(1);
    await indexerOf(t.app)?.waitForBlock(receipt?.blockNumber ?? 0, 20_000);
    return receipt?.blockNumber ?? 0;
  }

  const next = async (as: ApiClient = client) =>
    (await as.call('getTokenStats', { params: { code: 'NEXT' } })).nextAction;

  beforeAll(async () => {
    devChain = await startTestChain();
    t = await createTestApp({ kind, chain: devChain });
    provider = testProvider(devChain);
    wallets = devWallets(provider);
    const setup = await deploySchemeAndWhitelist(wallets, { whitelistV2: true });
    whitelist = setup.whitelist;
    const user = await createTestUser(t, 'next-action');
    client = user.client;
    accountId = user.accountId;
    outsider = (await createTestUser(t, 'next-outsider')).client;
    await insertWhitelist(t.ctx.db, {
      chainId: devChain.chainId,
      address: setup.whitelistAddress,
      name: 'Next whitelist',
      schemeAddress: setup.schemeAddress,
      codebaseId: 2,
      ownerAddress: wallets.owner.address,
      accountId,
    });
    const record = await findWhitelist(t.ctx.db, devChain.chainId, setup.whitelistAddress);
    await saveAddresses(t.ctx.db, record?.id ?? 0, accountId, `0x${'ab'.repeat(32)}`, [
      {
        publicAddress: wallets.holders[0]?.address ?? '',
        legalName: 'Northwind Pension Fund',
        contactDetails: {},
        salt: 's',
        hash: 'h',
      },
    ]);
    token = await deployTestToken(t.ctx.db, wallets, setup, {
      symbol: 'NEXT',
      name: 'Next token',
      accountId,
    });
    start = (await provider.getBlock('latest'))?.timestamp ?? 0;
  }, 120_000);

  afterAll(async () => {
    provider?.destroy();
    await t?.close();
    await devChain?.stop();
  });

  it('has nothing scheduled for a new token', async () => {
    expect(await next()).toBeNull();
  });

  it("names a KYC record's expiry: the legal name for its issuer, the address for anyone else", async () => {
    const holder = wallets.holders[0]?.address ?? '';
    await mined(whitelist.getFunction('setExpiryBatch')([holder], [start + 10 * day]));
    expect(await next()).toEqual({
      kind: 'kycExpiry',
      at: start + 10 * day,
      subject: 'Northwind Pension Fund',
    });
    expect(await next(outsider)).toEqual({ kind: 'kycExpiry', at: start + 10 * day, subject: holder });
    // A later expiry of another record does not come first.
    await mined(whitelist.getFunction('setExpiryBatch')([wallets.holders[1]?.address], [start + 20 * day]));
    expect((await next())?.at).toBe(start + 10 * day);
  });

  it("then a distribution's claim deadline that comes sooner", async () => {
    const snapshot = await insertSnapshot(
      t.ctx.db,
      {
        chainId: devChain.chainId,
        symbol: 'NEXT',
        contractAddress: (await token.getAddress()).toLowerCase(),
        partition: null,
        blockNumber: 1,
        blockTimestamp: start,
        holders: 0,
        rowCount: 0,
        total: '0',
        merkleRoot: ZeroHash,
        accountId,
      },
      [],
    );
    const distribution = await insertDistribution(
      t.ctx.db,
      {
        snapshotId: snapshot.id,
        accountId,
        chainId: devChain.chainId,
        issuer: wallets.owner.address,
        asset: wallets.owner.address,
        assetSymbol: 'USDT',
        assetDecimals: 6,
        distributorAddress: wallets.owner.address,
        amount: '1000',
        remainder: '0',
        deadline: start + 5 * day,
        merkleRoot: ZeroHash,
        holders: 0,
      },
      () => ({ onchainId: ZeroHash }),
      [],
    );
    expect(await next()).toEqual({
      kind: 'claimDeadline',
      at: start + 5 * day,
      subject: String(distribution.id),
    });
  });

  it('then the end of a lock-up in force on the chain, sooner still', async () => {
    await mined(token.getFunction('setRules')(ZeroHash, 0, start + 2 * day, 0, 0, 0, [], []));
    expect(await token.getFunction('rulesActive')()).toBe(true);
    expect(await next()).toEqual({ kind: 'lockupEnd', at: start + 2 * day, subject: '' });
    // A partition's lock-up is named by its partition.
    const partition = encodeBytes32String('CLASS-A');
    await mined(
      token.getFunction('issueByPartition(bytes32,address[],uint256[],bytes)')(
        partition,
        [wallets.holders[0]?.address],
        [10n],
        '0x',
      ),
    );
    await mined(token.getFunction('setRules')(partition, 0, start + day, 0, 0, 0, [], []));
    expect(await next()).toEqual({ kind: 'lockupEnd', at: start + day, subject: 'CLASS-A' });
  });

  it("then a pending approval's expiry, sooner than all; a finished one is not scheduled", async () => {
    const project = await findProjectBySymbol(t.ctx.db, 'NEXT');
    const [key] = await t.ctx.db
      .insert(shardedKeys)
      .values({ address: wallets.outsider.address, name: 'Treasury key', threshold: 2, total: 3 })
      .returning();
    const pending = (status: number, expires: number) => ({
      keyId: key?.id ?? 0,
      generation: 1,
      txType: txTypes.tokenIssue,
      txData: {},
      projectId: project?.id ?? null,
      requiredApprovers: 2,
      status,
      expiresOn: new Date(expires * 1000),
    });
    await t.ctx.db.insert(distributedTransactions).values(pending(dtxStatuses.aborted, start + day / 4));
    const [waiting] = await t.ctx.db
      .insert(distributedTransactions)
      .values(pending(dtxStatuses.pending, start + day / 2))
      .returning();
    expect(await next()).toEqual({
      kind: 'approvalExpiry',
      at: start + day / 2,
      subject: String(waiting?.id),
    });
  });
});
