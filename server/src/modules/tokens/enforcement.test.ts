import {
  type CreateDraftRequest,
  type Draft,
  tokenEnforcementMessages as e,
  type TokenDraftInput,
  zeroAddress,
} from '@tranche/api';
import { type DevChain, devAccountKeys, securityTokenV2Abi, transferRefusalWords } from '@tranche/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { Contract, encodeBytes32String, Wallet, ZeroHash } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  startTestChain,
  type TestApp,
} from '../../../test/helpers.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { readZip } from '../audit/verify.mjs';
import { jobs } from '../../jobs/schema.ts';
import { recordChainEvents, webhookDeliverJobKind } from '../webhooks/record.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../webhooks/schema.ts';
import { insertTestEndpoint } from '../webhooks/testing.ts';
import { baseUrlOf, createTestUser, type TestUser } from '../credentials/testing.ts';
import { type IssuerChain, randomAddresses, setupIssuerChain } from '../drafts/testing.ts';
import { enforcementAt, enforcementEvents } from './freezes.ts';
import { indexerOf } from './routes.ts';
import { tokenEvents } from './schema.ts';

/**
 * Enforcement on a version 2 token through the routes, on a real Anvil (issue 36): a partial freeze and the
 * pre-check's words for a transfer above the free amount, an address freeze, a recovery to a wallet with the same
 * KYC hash (refused with a different one), and who may.
 */

async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await failureOf(promise);
  return [error.statusCode, error.message];
}

const addressOf = (i: number) => new Wallet(devAccountKeys[i] as string).address.toLowerCase();
const issuer = addressOf(1);
const owner = addressOf(3);
const holder = addressOf(5);
const defaultPartition = encodeBytes32String('default');

describe.each(databaseKinds)('enforcement on version 2 tokens (%s)', (kind) => {
  let chain: DevChain;
  let issuerChain: IssuerChain;
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let token: Contract;
  /** alice's (the token's creator, who may see its investor data) webhook endpoint for the enforcement events. */
  let enforcementHooks = 0;
  const investors = randomAddresses(3);

  const deployDraft = async (symbol: string, codebaseId: number): Promise<Draft> => {
    const draft: TokenDraftInput = {
      symbol,
      name: `${symbol} shares`,
      exchangeRate: 1,
      currency: 'EUR',
      codebaseId,
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
      if (!busy || found.errorMessage) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const mined = async (hash: string | undefined) => {
    const receipt = await t.ctx.chain.provider.waitForTransaction(hash as string);
    expect(receipt?.status).toBe(1);
    await indexerOf(t.app)?.waitForBlock(receipt?.blockNumber ?? 0, 20_000);
    return receipt?.blockNumber ?? 0;
  };
  /** The enforcement events the indexer stored for one transaction, as [event, address, partition, amount]. */
  const indexed = async (transactionHash: string | undefined) =>
    (
      await t.ctx.db
        .select()
        .from(tokenEvents)
        .where(eq(tokenEvents.transactionHash, String(transactionHash).toLowerCase()))
        .orderBy(asc(tokenEvents.logIndex))
    )
      .filter((row) => (enforcementEvents as readonly string[]).includes(row.event))
      .map((row) => [row.event, row.fromAddress, row.partition, row.amount, row.toAddress, row.details]);
  const contractOf = async () => (await token.getAddress()).toLowerCase();
  const precheckTransfer = (amount: string) =>
    alice.client.call('precheckOperation', {
      body: {
        operation: 'transfer',
        symbol: 'VENF',
        accountAddress: holder,
        toAddress: investors[1] as string,
        amount,
        partition: 'default',
      },
    });

  beforeAll(async () => {
    chain = await startTestChain();
    issuerChain = await setupIssuerChain(chain.rpcUrl, [issuer]);
    // KYC hashes 1-5 (investors[0] has hash 1).
    await issuerChain.verify([...investors, owner, holder]);
    t = await createTestApp({ kind, chain });
    alice = await createTestUser(t, 'alice');
    bob = await createTestUser(t, 'bob');
    const draft = await deployDraft('VENF', 2);
    expect(draft.errorMessage).toBeNull();
    token = new Contract(draft.contractAddress as string, securityTokenV2Abi, t.ctx.chain.provider);
    const issued = await alice.client.call('issueTokens', {
      body: {
        symbol: 'VENF',
        accountAddress: issuer,
        holderAddress: holder,
        amount: '100',
        partition: 'default',
        additionalData: 'enforcement test',
      },
    });
    await mined(issued.transactionHash);
    // The webhook recorder's first look: what the chain held before is history, not sent.
    enforcementHooks = await insertTestEndpoint(t.ctx, alice.accountId, [
      'token.frozen',
      'token.unfrozen',
      'token.recovered',
    ]);
    await recordChainEvents(t.ctx, jobRunnerOf(t.app, t.ctx));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    issuerChain?.close();
    await chain?.stop();
  });

  it('freezes part of a balance: a transfer above the free amount is refused with the words of the pre-check', async () => {
    // Neither the owner nor the controller: 403 before anything is sent.
    const stranger = await refusal(
      alice.client.call('freezePartialTokens', {
        body: {
          symbol: 'VENF',
          accountAddress: issuer,
          txMode: 2,
          holderAddress: holder,
          partition: 'default',
          amount: '60',
          action: 'freeze',
        },
      }),
    );
    expect(stranger).toEqual([403, e.notEnforcer]);

    const freeze = { symbol: 'VENF', accountAddress: owner, holderAddress: holder, partition: 'default' };
    const forWallet = await bob.client.call('freezePartialTokens', {
      body: { ...freeze, txMode: 1, amount: '60', action: 'freeze' },
    });
    expect(forWallet.txData?.to).toBe(await token.getAddress().then((a) => a.toLowerCase()));
    const done = await bob.client.call('freezePartialTokens', {
      body: { ...freeze, txMode: 2, amount: '60', action: 'freeze' },
    });
    const frozenAt = await mined(done.transactionHash);
    expect(await token.getFunction('getFrozenTokensByPartition')(defaultPartition, holder)).toBe(60n);
    // The index holds the freeze: ERC-3643's TokensFrozen and the frozen amount of the partition after it.
    expect(await indexed(done.transactionHash)).toEqual([
      ['FrozenByPartition', holder, defaultPartition, '60', null, {}],
      ['TokensFrozen', holder, null, '60', null, {}],
    ]);
    expect(await token.getFunction('balanceOfByPartition')(defaultPartition, holder)).toBe(100n);
    // The holders list shows the frozen tokens of the partition (read from the chain).
    const holders = await alice.client.call('listHolders', {
      params: { code: 'VENF', partition: 'default' },
      query: { pageSize: 10 },
    });
    expect(holders.pagedResults.find((row) => row.holderAddress === holder)).toMatchObject({
      balance: '100',
      frozen: '60',
      addressFrozen: false,
    });

    const words = transferRefusalWords['amount exceeds unfrozen balance'];
    expect(await precheckTransfer('50')).toEqual({ ok: false, code: words?.code, reason: words?.words });
    expect((await precheckTransfer('40')).ok).toBe(true);

    // More than the unfrozen 40, or unfreezing more than the frozen 60: a sentence.
    expect(
      await refusal(
        bob.client.call('freezePartialTokens', {
          body: { ...freeze, txMode: 2, amount: '41', action: 'freeze' },
        }),
      ),
    ).toEqual([409, e.aboveUnfrozen('40')]);
    expect(
      await refusal(
        bob.client.call('freezePartialTokens', {
          body: { ...freeze, txMode: 2, amount: '61', action: 'unfreeze' },
        }),
      ),
    ).toEqual([409, e.aboveFrozen('60')]);
    const unfrozen = await bob.client.call('freezePartialTokens', {
      body: { ...freeze, txMode: 2, amount: '60', action: 'unfreeze' },
    });
    const unfrozenAt = await mined(unfrozen.transactionHash);
    expect((await precheckTransfer('50')).ok).toBe(true);
    expect(await indexed(unfrozen.transactionHash)).toEqual([
      ['FrozenByPartition', holder, defaultPartition, '0', null, {}],
      ['TokensUnfrozen', holder, null, '60', null, {}],
    ]);
    // "Frozen at block N" is a query of the index.
    expect((await enforcementAt(t.ctx.db, await contractOf(), frozenAt)).frozenTokens).toEqual([
      { address: holder, partition: defaultPartition, frozen: '60' },
    ]);
    expect((await enforcementAt(t.ctx.db, await contractOf(), frozenAt - 1)).frozenTokens).toEqual([]);
    expect((await enforcementAt(t.ctx.db, await contractOf(), unfrozenAt)).frozenTokens).toEqual([]);
  });

  it('freezes an address: it can neither send nor receive until unfrozen', async () => {
    const body = { symbol: 'VENF', accountAddress: owner, txMode: 2 as const, holderAddress: holder };
    expect(
      await refusal(
        alice.client.call('freezeAddress', { body: { ...body, accountAddress: issuer, frozen: true } }),
      ),
    ).toEqual([403, e.notEnforcer]);
    const freeze = await bob.client.call('freezeAddress', { body: { ...body, frozen: true } });
    const frozenAt = await mined(freeze.transactionHash);
    expect(await token.getFunction('isFrozen')(holder)).toBe(true);
    expect(await indexed(freeze.transactionHash)).toEqual([
      ['AddressFrozen', holder, null, null, null, { frozen: true }],
    ]);
    expect(await precheckTransfer('10')).toMatchObject({
      ok: false,
      reason: transferRefusalWords['sender is frozen']?.words,
    });
    expect(await refusal(bob.client.call('freezeAddress', { body: { ...body, frozen: true } }))).toEqual([
      409,
      e.alreadyFrozen,
    ]);
    const unfreeze = await bob.client.call('freezeAddress', { body: { ...body, frozen: false } });
    const unfrozenAt = await mined(unfreeze.transactionHash);
    expect(await token.getFunction('isFrozen')(holder)).toBe(false);
    expect((await enforcementAt(t.ctx.db, await contractOf(), frozenAt)).frozenAddresses).toEqual([holder]);
    expect((await enforcementAt(t.ctx.db, await contractOf(), unfrozenAt)).frozenAddresses).toEqual([]);
    expect((await precheckTransfer('10')).ok).toBe(true);
    // The operations log (read by alice, the token's creator) holds both as forced operations (issue 38), by bob;
    // the refused ones are not there.
    const log = await alice.client.call('auditLog', {
      params: { symbol: 'VENF' },
      query: { action: 'force.freeze' },
    });
    expect(
      log.pagedResults
        .filter((entry) => entry.action === 'force.freeze')
        .map((entry) => [
          entry.actor?.split('-')[0],
          (entry.after as { request: { frozen: boolean } }).request.frozen,
        ]),
    ).toEqual([
      ['bob', false],
      ['bob', true],
    ]);
  });

  it('recovers a lost wallet to one verified with the same KYC hash, and refuses a different hash', async () => {
    const [lost] = investors as [string];
    const [filler, otherHash, sameHash, unverified] = randomAddresses(4) as [string, string, string, string];
    await issuerChain.verify([filler, otherHash]); // hashes 1 and 2: otherHash differs from the lost wallet's 1
    await issuerChain.verify([sameHash]); // hash 1, as the lost wallet's
    const body = { symbol: 'VENF', accountAddress: owner, txMode: 2 as const, lostAddress: lost };
    expect(
      await refusal(bob.client.call('recoverWallet', { body: { ...body, newAddress: otherHash } })),
    ).toEqual([409, e.hashesDiffer]);
    expect(
      await refusal(bob.client.call('recoverWallet', { body: { ...body, newAddress: unverified } })),
    ).toEqual([409, e.newNotVerified]);
    expect(
      await refusal(
        alice.client.call('recoverWallet', {
          body: { ...body, accountAddress: issuer, newAddress: sameHash },
        }),
      ),
    ).toEqual([403, e.notEnforcer]);

    const done = await bob.client.call('recoverWallet', { body: { ...body, newAddress: sameHash } });
    const recoveredAt = await mined(done.transactionHash);
    expect((await indexed(done.transactionHash)).find((row) => row[0] === 'RecoverySuccess')).toEqual([
      'RecoverySuccess',
      lost,
      null,
      null,
      sameHash,
      { investorOnchainID: expect.stringMatching(/^0x[0-9a-f]{40}$/) },
    ]);
    expect((await enforcementAt(t.ctx.db, await contractOf(), recoveredAt)).recoveries).toEqual([
      {
        lostAddress: lost,
        newAddress: sameHash,
        blockNumber: recoveredAt,
        transactionHash: done.transactionHash,
      },
    ]);
    expect((await enforcementAt(t.ctx.db, await contractOf(), recoveredAt - 1)).recoveries).toEqual([]);
    // The holders page names the lost wallet beside the new one (from the index).
    const holders = await alice.client.call('listHolders', {
      params: { code: 'VENF', partition: 'default' },
      query: { pageSize: 50 },
    });
    expect(holders.pagedResults.find((row) => row.holderAddress === sameHash)).toMatchObject({
      balance: '100',
      recoveredFrom: lost,
    });
    // The lost wallet holds nothing now: not on the page (its recoveredTo shows if it ever held again).
    expect(holders.pagedResults.map((row) => row.holderAddress)).not.toContain(lost);
    expect(await issuerChain.balanceOf(await token.getAddress(), sameHash)).toBe(100n);
    expect(await issuerChain.balanceOf(await token.getAddress(), lost)).toBe(0n);
    expect(((await token.getFunction('recoveredTo')(lost)) as string).toLowerCase()).toBe(sameHash);
    expect(
      await refusal(bob.client.call('recoverWallet', { body: { ...body, newAddress: sameHash } })),
    ).toEqual([409, e.recoveredAlready]);
  });

  it('sends token.frozen, token.unfrozen and token.recovered from the indexed events, once each', async () => {
    const runner = jobRunnerOf(t.app, t.ctx);
    while ((await recordChainEvents(t.ctx, runner)) > 0);
    const sent = await t.ctx.db
      .select({ type: webhookEvents.type, payload: webhookEvents.payload })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.endpointId, enforcementHooks))
      .orderBy(asc(webhookEvents.id));
    const contractAddress = await contractOf();
    const [lost] = investors as [string];
    const common = { symbol: 'VENF', contractAddress, account: holder, by: null };
    // The tests above: 60 of default frozen then unfrozen, the address frozen then unfrozen, a recovery.
    expect(sent.map(({ type, payload }) => ({ type, payload }))).toEqual([
      {
        type: 'token.frozen',
        payload: expect.objectContaining({
          ...common,
          scope: 'amount',
          amount: '60',
          partition: 'default',
          frozenAfter: '60',
        }),
      },
      {
        type: 'token.unfrozen',
        payload: expect.objectContaining({
          ...common,
          scope: 'amount',
          amount: '60',
          partition: 'default',
          frozenAfter: '0',
        }),
      },
      {
        type: 'token.frozen',
        payload: expect.objectContaining({
          ...common,
          scope: 'address',
          amount: null,
          partition: null,
          by: owner,
        }),
      },
      {
        type: 'token.unfrozen',
        payload: expect.objectContaining({ ...common, scope: 'address', by: owner }),
      },
      {
        type: 'token.recovered',
        payload: expect.objectContaining({
          symbol: 'VENF',
          contractAddress,
          lostAddress: lost,
          newAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/),
          transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        }),
      },
    ]);
    // Read again (another instance, a restart): nothing new.
    expect(await recordChainEvents(t.ctx, runner)).toBe(0);
    // The endpoint answers nothing: turned off, its retries end now, so later tests' idle runner is not held.
    await t.ctx.db
      .update(webhookEndpoints)
      .set({ disabledOn: new Date() })
      .where(eq(webhookEndpoints.id, enforcementHooks));
    await t.ctx.db
      .update(jobs)
      .set({ runAfter: new Date() })
      .where(and(eq(jobs.kind, webhookDeliverJobKind), eq(jobs.state, 'queued')));
    await runner.idle();
  });

  it('lists the freezes and the recovery in the regulator pack, with who asked for each', async () => {
    const head = await t.ctx.chain.provider.getBlockNumber();
    const { id } = await alice.client.call('createAuditPack', {
      params: { symbol: 'VENF' },
      body: { blockNumber: head },
    });
    await jobRunnerOf(t.app, t.ctx).idle();
    expect(await alice.client.call('getAuditPack', { params: { id } })).toMatchObject({ state: 'done' });
    const download = await fetch(`${await baseUrlOf(t)}/api/audit/packs/${id}/download`, {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    const files = readZip(Buffer.from(await download.arrayBuffer()));
    const forced = JSON.parse(files.get('forced.json')?.toString() ?? '{}');
    const [lost] = investors as [string];
    const recovery = forced.freezes.history.find((e: { event: string }) => e.event === 'RecoverySuccess');
    expect(recovery).toMatchObject({ address: lost, action: 'force.recover', reason: null });
    expect(forced.freezes.atBlock).toMatchObject({
      blockNumber: head,
      frozenAddresses: [],
      frozenTokens: [],
      recoveries: [{ lostAddress: lost, newAddress: recovery.to }],
    });
    // Every freeze and unfreeze, in the chain's order, each with the request of the operations log that sent it.
    expect(
      forced.freezes.history
        .filter(
          (e: { event: string }) =>
            e.event === 'TokensFrozen' || e.event === 'TokensUnfrozen' || e.event === 'AddressFrozen',
        )
        .filter((e: { address: string }) => e.address === holder)
        .map(
          (e: { event: string; amount?: string; frozen?: boolean; requestedBy: string; action: string }) => [
            e.event,
            e.amount ?? e.frozen,
            e.requestedBy?.split('-')[0],
            e.action,
          ],
        ),
    ).toEqual([
      ['TokensFrozen', '60', 'bob', 'force.freeze-partial'],
      ['TokensUnfrozen', '60', 'bob', 'force.freeze-partial'],
      ['AddressFrozen', true, 'bob', 'force.freeze'],
      ['AddressFrozen', false, 'bob', 'force.freeze'],
    ]);
    expect(recovery.requestedBy.split('-')[0]).toBe('bob');
  });

  it('says which rules were in force when a transaction was mined, from the indexed RulesSet history', async () => {
    const partial = {
      symbol: 'VENF',
      accountAddress: owner,
      txMode: 2 as const,
      holderAddress: holder,
      partition: 'default',
      amount: '1',
    };
    const detailOf = async (hash: string | undefined) => {
      await bob.client.call('recordTransactionHash', { body: { transactionHash: hash as string } });
      return bob.client.call('getTransaction', { params: { hash: hash as string } });
    };
    const before = await bob.client.call('freezePartialTokens', { body: { ...partial, action: 'freeze' } });
    const beforeBlock = await mined(before.transactionHash);
    // The owner sets the token's rule on the chain (every holder counted in the same call: rules on at once).
    const holders = await alice.client.call('listHolders', {
      params: { code: 'VENF', partition: 'default' },
      query: { pageSize: 50 },
    });
    const asOwner = token.connect(new Wallet(devAccountKeys[3] as string, t.ctx.chain.provider)) as Contract;
    const setRules = await asOwner.getFunction('setRules')(
      ZeroHash,
      50,
      0,
      0,
      0,
      2,
      ['0x4b50'],
      holders.pagedResults.map((row) => row.holderAddress).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)),
    );
    const rulesBlock = await mined(setRules.hash);
    const after = await bob.client.call('freezePartialTokens', { body: { ...partial, action: 'unfreeze' } });
    const afterBlock = await mined(after.transactionHash);

    expect((await detailOf(before.transactionHash)).rulesInForce).toEqual({
      symbol: 'VENF',
      blockNumber: beforeBlock,
      rules: [],
    });
    expect((await detailOf(after.transactionHash)).rulesInForce).toEqual({
      symbol: 'VENF',
      blockNumber: afterBlock,
      rules: [
        {
          scope: 'token',
          setAtBlock: rulesBlock,
          setBy: setRules.hash,
          maxHolders: 50,
          lockupUntil: 0,
          minHolding: '0',
          maxHolding: '0',
          countries: { mode: 'deny', list: ['KP'] },
        },
      ],
    });
  });

  it('answers a version 1 token in words', async () => {
    expect((await deployDraft('VONE', 1)).errorMessage).toBeNull();
    const refused = await refusal(
      bob.client.call('freezeAddress', {
        body: { symbol: 'VONE', accountAddress: owner, txMode: 2, holderAddress: holder, frozen: true },
      }),
    );
    expect(refused).toEqual([409, e.notVersion2]);
  });
});
