import type { DevChain } from '@tranche/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Contract, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { indexerOf } from '../../indexer/indexer.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { createTestUser, type TestUser } from '../credentials/testing.ts';
import { deploySchemeAndWhitelist, type DevWallets, devWallets } from '../tokens/testing.ts';
import { insertWhitelist } from '../whitelists/repository.ts';
import { recordDataEvents } from './record.ts';
import { webhookDeliveries, webhookEvents } from './schema.ts';
import { insertTestEndpoint } from './testing.ts';

/**
 * 'whitelist.expiring' (issue 36): a WhitelistV2 record whose expiry comes within 30 days is one event, sent once per
 * record and expiry (a renewal that comes within the window again is a new one), to the endpoints of the account
 * that registered the whitelist only; an expiry further away sends nothing yet.
 */
describe.each(databaseKinds)("'whitelist.expiring' (%s)", (kind) => {
  let chain: DevChain;
  let t: TestApp;
  let provider: JsonRpcProvider;
  let wallets: DevWallets;
  let whitelist: Contract;
  let whitelistAddress: string;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    chain = await startTestChain();
    t = await createTestApp({ kind, chain });
    provider = testProvider(chain);
    wallets = devWallets(provider);
    owner = await createTestUser(t, 'owner');
    stranger = await createTestUser(t, 'stranger');
    const setup = await deploySchemeAndWhitelist(wallets, { whitelistV2: true });
    whitelist = setup.whitelist;
    whitelistAddress = setup.whitelistAddress;
    await insertWhitelist(t.ctx.db, {
      chainId: chain.chainId,
      address: whitelistAddress,
      name: 'Expiring whitelist',
      schemeAddress: setup.schemeAddress,
      codebaseId: 1,
      ownerAddress: wallets.owner.address,
      accountId: owner.accountId,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it('sends a record expiring within 30 days once per expiry, to the whitelist owner only', async () => {
    const mine = await insertTestEndpoint(t.ctx, owner.accountId, ['whitelist.expiring']);
    const theirs = await insertTestEndpoint(t.ctx, stranger.accountId, ['whitelist.expiring']);
    const runner = jobRunnerOf(t.app, t.ctx);
    const [soon, later] = wallets.holders.map((h) => h.address) as [string, string];
    const day = 86_400;
    const now = Math.floor(Date.now() / 1000);
    const setExpiry = async (address: string, expiresAt: number) => {
      await (await whitelist.getFunction('setExpiryBatch')([address], [expiresAt])).wait();
      await indexerOf(t.app)?.waitForBlock(await t.ctx.chain.blockNumber(), 20_000);
    };
    await setExpiry(soon, now + 12 * day - 60);
    await setExpiry(later, now + 45 * day);
    const delivered = async (endpointId: number) =>
      (
        await t.ctx.db
          .select({ type: webhookEvents.type, payload: webhookEvents.payload })
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
          .where(eq(webhookDeliveries.endpointId, endpointId))
          .orderBy(asc(webhookEvents.id))
      ).filter((event) => event.type === 'whitelist.expiring');

    await recordDataEvents(t.ctx, runner);
    await recordDataEvents(t.ctx, runner);
    expect(await delivered(mine)).toEqual([
      {
        type: 'whitelist.expiring',
        payload: {
          whitelistAddress,
          account: soon,
          expiresAt: new Date((now + 12 * day - 60) * 1000).toISOString(),
          daysLeft: 12,
        },
      },
    ]);
    expect(await delivered(theirs)).toEqual([]);

    // Renewed to a date still within the window: a new expiry, so a new event; the far one is still not sent.
    await setExpiry(soon, now + 20 * day);
    await recordDataEvents(t.ctx, runner);
    expect((await delivered(mine)).map((event) => [event.payload.account, event.payload.daysLeft])).toEqual([
      [soon, 12],
      [soon, 20],
    ]);
    // Removed: a record that no longer exists does not expire.
    await (await whitelist.getFunction('setExpiryBatch')([later], [now + 25 * day])).wait();
    await (await whitelist.getFunction('removeVerified')(later)).wait();
    await indexerOf(t.app)?.waitForBlock(await t.ctx.chain.blockNumber(), 20_000);
    await recordDataEvents(t.ctx, runner);
    expect(await delivered(mine)).toHaveLength(2);
  });
});
