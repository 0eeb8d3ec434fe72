import { type DevChain, devAccountKeys } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { indexerOf } from '../../indexer/indexer.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { createTestUser, type TestUser } from '../credentials/testing.ts';
import { type IssuerChain, randomAddresses, setupIssuerChain } from '../drafts/testing.ts';
import { recordChainEvents } from './record.ts';
import { webhookDeliveries, webhookEvents } from './schema.ts';
import { insertTestEndpoint } from './testing.ts';

/**
 * 'whitelist.updated': a verification on a registered whitelist's contract, read by the indexer, is one event per
 * address, for the endpoints of the account that registered the whitelist and subscribed to the type only.
 */

let chain: DevChain;
let issuerChain: IssuerChain;
let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  chain = await startTestChain();
  issuerChain = await setupIssuerChain(chain.rpcUrl);
  t = await createTestApp({ kind: 'pglite', chain });
  alice = await createTestUser(t, 'alice');
  bob = await createTestUser(t, 'bob');
});
afterAll(async () => {
  await t?.close();
  issuerChain?.close();
  await chain?.stop();
});

it("sends each verification of Alice's whitelist to her endpoint subscribed to 'whitelist.updated' only", async () => {
  // Alice registers the key that deployed and owns the scheme and whitelist: only its account may register them.
  await alice.client.call('registerCredentials', {
    body: { publicKey: issuerChain.ownerAddress, privateKey: devAccountKeys[0] },
  });
  await alice.client.call('registerScheme', {
    body: { securitySchemeAddress: issuerChain.schemeAddress, schemeName: 'Test scheme', codebaseId: 1 },
  });
  await alice.client.call('registerWhitelist', {
    body: {
      whitelistAddress: issuerChain.whitelistAddress,
      whitelistName: 'Test whitelist',
      securitySchemeAddress: issuerChain.schemeAddress,
      codebaseId: 1,
    },
  });
  const aliceWhitelists = await insertTestEndpoint(t.ctx, alice.accountId, ['whitelist.updated']);
  const aliceTokens = await insertTestEndpoint(t.ctx, alice.accountId, ['token.issued']);
  const bobWhitelists = await insertTestEndpoint(t.ctx, bob.accountId, ['whitelist.updated']);
  // The app's own indexer: indexed up to the chain's head (the registration's block and the setup's).
  const indexed = async () => indexerOf(t.app)?.waitForBlock(await t.ctx.chain.blockNumber(), 20_000);
  const runner = jobRunnerOf(t.app, t.ctx);
  // The recorder's first look: what the chain held before it is history, not sent.
  await indexed();
  await recordChainEvents(t.ctx, runner);

  const investors = randomAddresses(2);
  await issuerChain.verify(investors);
  await indexed();
  while ((await recordChainEvents(t.ctx, runner)) > 0);

  const deliveredTo = async (endpointId: number) =>
    t.ctx.db
      .select({ type: webhookEvents.type, payload: webhookEvents.payload })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.endpointId, endpointId));
  const mine = await deliveredTo(aliceWhitelists);
  expect(mine.map((event) => event.type)).toEqual(['whitelist.updated', 'whitelist.updated']);
  expect(mine.map((event) => event.payload.account).sort()).toEqual(
    investors.map((a) => a.toLowerCase()).sort(),
  );
  for (const event of mine) {
    expect(event.payload).toMatchObject({
      whitelistAddress: issuerChain.whitelistAddress,
      change: 'AddressVerified',
    });
  }
  expect(await deliveredTo(aliceTokens)).toEqual([]);
  expect(await deliveredTo(bobWhitelists)).toEqual([]);
});
