import {
  type ApprovalsResponse,
  createApiClient,
  type CreateDraftRequest,
  type Draft,
  type TokenDraftInput,
  tokenOperationMessages,
  tokenV2Messages,
  zeroAddress,
} from '@tranche/api';
import {
  type DevChain,
  devAccountKeys,
  securitySchemeArtifact,
  securityTokenV2Abi,
  whitelistArtifact,
} from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { Contract, ContractFactory, getAddress, NonceManager, parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  startTestChain,
  type TestApp,
} from '../../../test/helpers.ts';
import { jobTransactions } from '../../jobs/schema.ts';
import { deployedContracts } from '../../db/schema.ts';
import { baseUrlOf, createTestUser, type TestUser } from '../credentials/testing.ts';
import { deployDraftFully, type IssuerChain, randomAddresses, setupIssuerChain } from '../drafts/testing.ts';
import { findProjectBySymbol } from '../projects/repository.ts';
import { committedKeyOfThree } from '../sharding/testing.ts';
import { indexerOf } from './routes.ts';
import { deployImplementation, localPlatformKey } from './v2Platform.ts';

/**
 * Version 2 wired into the server on a real Anvil: a draft on codebase 2 deploys through the platform's factory
 * (deployed on first use with the platform's own key, shown by GET /config), the token works like version 1 from
 * outside, and its owner upgrades it, hands it over (propose, accept) and replaces its whitelist and scheme through
 * the routes (txMode 1 and 2) and, as a 2-of-3 sharded key, through approvals; the indexer and the rights follow.
 */

/** Status and message of a refused call. */
async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await failureOf(promise);
  return [error.statusCode, error.message];
}

const key = (i: number) => devAccountKeys[i] as string;
const addressOf = (i: number) => new Wallet(key(i)).address.toLowerCase();
const issuer = addressOf(1);
const owner = addressOf(3);
const nextOwner = addressOf(4);

describe.each(databaseKinds)('token version 2 (%s)', (kind) => {
  let chain: DevChain;
  let issuerChain: IssuerChain;
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let token: Contract;
  let tokenAddress = '';
  const investors = randomAddresses(3);

  const waitForDeployment = async (user: TestUser, symbol: string): Promise<Draft> => {
    for (;;) {
      const draft = await user.client.call('getDraft', { params: { symbol } });
      const busy = draft.status === 1 || draft.investors.some((i) => i.status === 0 || i.status === 1);
      if (!busy || draft.errorMessage) return draft;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const indexed = async (hash: string) => {
    const receipt = await t.ctx.chain.provider.waitForTransaction(hash);
    await indexerOf(t.app)?.waitForBlock(receipt?.blockNumber ?? 0, 20_000);
    return receipt;
  };
  const draftToken = (symbol: string, codebaseId: number): TokenDraftInput => ({
    symbol,
    name: `${symbol} shares`,
    exchangeRate: 1,
    currency: 'EUR',
    codebaseId,
    whitelistAddress: issuerChain.whitelistAddress,
    controllerAddress: zeroAddress,
    investors: investors.map((publicAddress, i) => ({ publicAddress, investmentAmount: 100 * (i + 1) })),
  });
  const deployDraft = async (symbol: string, codebaseId: number) => {
    await alice.client.call('createDraft', {
      body: { bulk: { tokens: [draftToken(symbol, codebaseId)] } } satisfies CreateDraftRequest,
    });
    await alice.client.call('deployDraft', {
      body: { symbol, accountAddress: issuer, ownerAddress: owner, txMode: 2 },
    });
    return waitForDeployment(alice, symbol);
  };

  beforeAll(async () => {
    chain = await startTestChain();
    issuerChain = await setupIssuerChain(chain.rpcUrl, [issuer]);
    await issuerChain.verify([...investors, owner, nextOwner]);
    t = await createTestApp({ kind, chain });
    alice = await createTestUser(t, 'alice');
    bob = await createTestUser(t, 'bob');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    issuerChain?.close();
    await chain?.stop();
  });

  it('lists version 2 as token codebase 2 while version 1 stays the default', async () => {
    const list = await alice.client.call('listCodebases', { params: { type: 1 } });
    expect(list.map((c) => [c.id, c.default])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(list[1]?.description).toMatch(/v2: upgradeable/);
    // Not deployed before anyone needs it (no demo account in tests).
    expect((await alice.client.call('config')).tokenV2).toBeNull();
  });

  it('deploys a draft on version 2 in one factory transaction and issues to its investors', async () => {
    const draft = await deployDraft('VTWO', 2);
    expect(draft.errorMessage).toBeNull();
    expect(draft.investors.map((i) => i.errorMessage ?? i.status)).toEqual([2, 2, 2]);
    tokenAddress = draft.contractAddress as string;
    token = new Contract(tokenAddress, securityTokenV2Abi, t.ctx.chain.provider);

    const config = await alice.client.call('config');
    const platform = config.tokenV2;
    expect(platform?.implementations).toEqual([platform?.implementation]);
    expect(platform?.owner).toBe(new Wallet(localPlatformKey).address.toLowerCase());
    expect(((await token.getFunction('implementation')()) as string).toLowerCase()).toBe(
      platform?.implementation,
    );
    expect(((await token.getFunction('registry')()) as string).toLowerCase()).toBe(platform?.factory);
    const kinds = await t.ctx.db
      .select({ kind: deployedContracts.kind })
      .from(deployedContracts)
      .where(eq(deployedContracts.chainId, 31337));
    expect(kinds.map((k) => k.kind).sort()).toEqual([
      'token',
      'tokenV2Admin',
      'tokenV2Factory',
      'tokenV2Implementation',
    ]);

    // As many transactions as version 1's deployment: one for the token (the factory's createToken), one batch.
    const sent = await t.ctx.db
      .select({ step: jobTransactions.stepKey, hash: jobTransactions.hash })
      .from(jobTransactions)
      .where(eq(jobTransactions.fromAddress, issuer));
    expect(sent.map((s) => s.step).sort()).toEqual(['deploy', 'issue:1']);
    const deployHash = sent.find((s) => s.step === 'deploy')?.hash as string;
    expect((await t.ctx.chain.provider.getTransaction(deployHash))?.to?.toLowerCase()).toBe(
      platform?.factory,
    );
    for (const [i, investor] of investors.entries())
      expect(await issuerChain.balanceOf(tokenAddress, investor)).toBe(BigInt(100 * (i + 1)));

    const detail = await alice.client.call('getProject', { params: { code: 'VTWO' } });
    expect(detail.tokenVersion).toBe(2);
    expect(detail.totalSupply).toBe('600');
    expect(detail.tokenV2).toMatchObject({
      upgradeAvailable: false,
      changes: [],
      pendingOwner: null,
      upgradeDelay: 0,
    });

    // The token routes work as on version 1: issue with the registered (dev) key, holders from the indexer.
    const { transactionHash } = await alice.client.call('issueTokens', {
      body: {
        symbol: 'VTWO',
        accountAddress: issuer,
        holderAddress: owner,
        amount: '50',
        partition: 'default',
        additionalData: 'v2 issue',
      },
    });
    await indexed(transactionHash);
    const holders = await alice.client.call('listHolders', {
      params: { code: 'VTWO', partition: 'default' },
      query: { pageSize: 10 },
    });
    expect(holders.totalRows).toBe(4);
  });

  it('upgrades to the newest registered implementation: wallet step by step, server-signed at once', async () => {
    const platform = (await alice.client.call('config')).tokenV2;
    const { implementation: newer } = await deployImplementation(
      t.ctx,
      localPlatformKey,
      platform?.factory ?? '',
    );
    const detail = await alice.client.call('getProject', { params: { code: 'VTWO' } });
    expect(detail.tokenV2).toMatchObject({
      upgradeAvailable: true,
      latestImplementation: newer.address,
      changes: [`Implementation 2 (${newer.address})`],
    });

    // Only the owner: another address is refused before anything is sent.
    const notOwner = await refusal(
      alice.client.call('upgradeToken', { body: { symbol: 'VTWO', accountAddress: issuer, txMode: 2 } }),
    );
    expect(notOwner).toEqual([403, tokenV2Messages.notOwner]);
    // txMode 1: the wallet's transaction for the first step (schedule).
    const forWallet = await bob.client.call('upgradeToken', {
      body: { symbol: 'VTWO', accountAddress: owner, txMode: 1 },
    });
    expect(forWallet.step).toBe('schedule');
    expect(forWallet.txData?.to).toBe(tokenAddress);
    expect(forWallet.transactionHash).toBeUndefined();

    const before = await Promise.all(investors.map((i) => issuerChain.balanceOf(tokenAddress, i)));
    const done = await bob.client.call('upgradeToken', {
      body: { symbol: 'VTWO', accountAddress: owner, txMode: 2 },
    });
    expect(done.step).toBe('upgrade');
    await indexed(done.transactionHash as string);
    expect(((await token.getFunction('implementation')()) as string).toLowerCase()).toBe(newer.address);
    expect(await Promise.all(investors.map((i) => issuerChain.balanceOf(tokenAddress, i)))).toEqual(before);
    expect(
      (await alice.client.call('getProject', { params: { code: 'VTWO' } })).tokenV2?.upgradeAvailable,
    ).toBe(false);
    const again = await refusal(
      bob.client.call('upgradeToken', { body: { symbol: 'VTWO', accountAddress: owner, txMode: 2 } }),
    );
    expect(again).toEqual([409, tokenV2Messages.alreadyUpToDate]);
  });

  it('hands the token over in two steps, and the stored owner follows the chain', async () => {
    const proposed = await bob.client.call('proposeTokenOwner', {
      body: { symbol: 'VTWO', accountAddress: owner, txMode: 2, newOwner: nextOwner },
    });
    await indexed(proposed.transactionHash as string);
    expect((await alice.client.call('getProject', { params: { code: 'VTWO' } })).tokenV2?.pendingOwner).toBe(
      nextOwner,
    );
    const wrong = await refusal(
      bob.client.call('acceptTokenOwner', { body: { symbol: 'VTWO', accountAddress: issuer, txMode: 2 } }),
    );
    expect(wrong).toEqual([403, tokenV2Messages.notPendingOwner]);
    const accepted = await bob.client.call('acceptTokenOwner', {
      body: { symbol: 'VTWO', accountAddress: nextOwner, txMode: 2 },
    });
    await indexed(accepted.transactionHash as string);
    expect((await findProjectBySymbol(t.ctx.db, 'VTWO'))?.ownerAddress).toBe(nextOwner);
    expect((await alice.client.call('getProject', { params: { code: 'VTWO' } })).ownerAddress).toBe(
      nextOwner,
    );
    // The former owner has no say any more.
    const former = await refusal(
      bob.client.call('proposeTokenOwner', {
        body: { symbol: 'VTWO', accountAddress: owner, txMode: 2, newOwner: owner },
      }),
    );
    expect(former).toEqual([403, tokenV2Messages.notOwner]);
  });

  it("replaces the whitelist and the scheme: the token's checks and the stored row follow them", async () => {
    const platformOwner = new NonceManager(new Wallet(key(0), t.ctx.chain.provider));
    const secondWhitelist = await new ContractFactory(
      whitelistArtifact.abi,
      whitelistArtifact.bytecode,
      platformOwner,
    ).deploy('Second whitelist', addressOf(0), issuerChain.schemeAddress);
    const whitelistAddress = (await secondWhitelist.getAddress()).toLowerCase();
    const refused = await refusal(
      bob.client.call('replaceTokenWhitelist', {
        body: { symbol: 'VTWO', accountAddress: nextOwner, txMode: 2, whitelistAddress: issuer },
      }),
    );
    expect(refused).toEqual([400, tokenV2Messages.whitelistNotContract]);
    const replaced = await bob.client.call('replaceTokenWhitelist', {
      body: { symbol: 'VTWO', accountAddress: nextOwner, txMode: 2, whitelistAddress },
    });
    await indexed(replaced.transactionHash as string);
    expect((await findProjectBySymbol(t.ctx.db, 'VTWO'))?.whitelistAddress).toBe(whitelistAddress);
    // Investors verified only in the old whitelist can no longer receive.
    const issueTo = (holderAddress: string) =>
      alice.client.call('issueTokens', {
        body: {
          symbol: 'VTWO',
          accountAddress: issuer,
          holderAddress,
          amount: '1',
          partition: 'default',
          additionalData: 'x',
        },
      });
    expect(await refusal(issueTo(investors[0] as string))).toEqual([
      400,
      tokenOperationMessages.holderNotVerified,
    ]);

    const secondScheme = await new ContractFactory(
      securitySchemeArtifact.abi,
      securitySchemeArtifact.bytecode,
      platformOwner,
    ).deploy(addressOf(0));
    const schemeAddress = (await secondScheme.getAddress()).toLowerCase();
    const schemeReplaced = await bob.client.call('replaceTokenScheme', {
      body: { symbol: 'VTWO', accountAddress: nextOwner, txMode: 2, securitySchemeAddress: schemeAddress },
    });
    await indexed(schemeReplaced.transactionHash as string);
    expect((await findProjectBySymbol(t.ctx.db, 'VTWO'))?.securitySchemeAddress).toBe(schemeAddress);
    // The issuer's Level 2 was in the old scheme: the new one decides.
    expect(await refusal(issueTo(owner))).toEqual([403, tokenOperationMessages.notAllowedToIssue]);
    expect(
      await refusal(
        bob.client.call('replaceTokenScheme', {
          body: {
            symbol: 'VTWO',
            accountAddress: nextOwner,
            txMode: 2,
            securitySchemeAddress: schemeAddress,
          },
        }),
      ),
    ).toEqual([409, tokenV2Messages.sameScheme]);
  });

  it('refuses the version 2 routes on a version 1 token', async () => {
    const draft = await deployDraft('VONE', 1);
    expect(draft.errorMessage).toBeNull();
    expect((await alice.client.call('getProject', { params: { code: 'VONE' } })).tokenVersion).toBe(1);
    const refused = await refusal(
      bob.client.call('upgradeToken', { body: { symbol: 'VONE', accountAddress: owner, txMode: 2 } }),
    );
    expect(refused).toEqual([409, tokenV2Messages.notVersion2]);
  });
});

describe('token version 2 with a 2-of-3 sharded owner', () => {
  let chain: DevChain;
  let issuerChain: IssuerChain;
  let t: TestApp;
  let baseUrl = '';
  const users: TestUser[] = [];
  const emails: string[] = [];
  const codes: string[] = [];
  let keyAddress = '';
  const investors = randomAddresses(2);

  const call = (user: TestUser) =>
    createApiClient({ baseUrl, getToken: () => user.token }).call as (
      id: string,
      input?: object,
    ) => Promise<unknown>;
  const start = async (txType: number, txData: Record<string, string> = {}) =>
    (await call(users[0] as TestUser)('startDtx', {
      body: { symbol: 'SHRD', accountAddress: keyAddress, accessCode: codes[0], txType, txData },
    })) as { id: number };
  const approve = async (id: number) =>
    (await call(users[1] as TestUser)('approveDtx', {
      body: { id, accountAddress: keyAddress, accessCode: codes[1] },
    })) as { txStatusName: string; txHash: string | null };

  beforeAll(async () => {
    chain = await startTestChain();
    issuerChain = await setupIssuerChain(chain.rpcUrl, [issuer]);
    await issuerChain.verify(investors);
    t = await createTestApp({ kind: 'pglite', chain });
    baseUrl = await baseUrlOf(t);
    const signers = await committedKeyOfThree(t, 'signer');
    users.push(...signers.users);
    emails.push(...signers.emails);
    codes.push(...signers.codes);
    keyAddress = signers.keyAddress;
    const first = users[0] as TestUser;
    const funder = new Wallet(key(0), t.ctx.chain.provider);
    await (await funder.sendTransaction({ to: keyAddress, value: parseEther('1') })).wait();
    // A version 2 token the sharded key owns from its deployment.
    await first.client.call('createDraft', {
      body: {
        bulk: {
          tokens: [
            {
              symbol: 'SHRD',
              name: 'Sharded shares',
              exchangeRate: 1,
              currency: 'EUR',
              codebaseId: 2,
              whitelistAddress: issuerChain.whitelistAddress,
              controllerAddress: zeroAddress,
              investors: investors.map((publicAddress) => ({ publicAddress, investmentAmount: 10 })),
            },
          ],
        },
      } satisfies CreateDraftRequest,
    });
    await deployDraftFully(first, { symbol: 'SHRD', accountAddress: issuer, ownerAddress: keyAddress });
    await indexerOf(t.app)?.waitForBlock(await t.ctx.chain.provider.getBlockNumber(), 20_000);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    issuerChain?.close();
    await chain?.stop();
  });

  it('schedules and carries out the upgrade after the approvals, each with its decoded effect', async () => {
    const project = await findProjectBySymbol(t.ctx.db, 'SHRD');
    const tokenAddress = project?.contractAddress as string;
    const factory = (await call(users[0] as TestUser)('config')) as { tokenV2: { factory: string } };
    const { implementation: newer } = await deployImplementation(
      t.ctx,
      localPlatformKey,
      factory.tokenV2.factory,
    );

    const scheduled = await start(6);
    const waiting = (await call(users[2] as TestUser)('listApprovals')) as ApprovalsResponse;
    expect(waiting.needsYou[0]?.effect).toBe(
      `Schedule the upgrade of SHRD to implementation ${getAddress(newer.address)}: it can be carried out once the owner's upgrade delay has passed; total supply 20 and 2 holders with their history stay as they are`,
    );
    expect(waiting.needsYou[0]?.precheck.ok).toBe(true);
    expect((await approve(scheduled.id)).txStatusName).toBe('Completed');

    const carried = await start(6);
    const effect = ((await call(users[2] as TestUser)('listApprovals')) as ApprovalsResponse).needsYou[0]
      ?.effect;
    expect(effect).toMatch(
      /^Upgrade SHRD to implementation .* \(its upgrade was scheduled and its delay has passed\)/,
    );
    expect((await approve(carried.id)).txStatusName).toBe('Completed');
    const token = new Contract(tokenAddress, securityTokenV2Abi, t.ctx.chain.provider);
    expect(((await token.getFunction('implementation')()) as string).toLowerCase()).toBe(newer.address);
    for (const investor of investors) expect(await issuerChain.balanceOf(tokenAddress, investor)).toBe(10n);
    // Two transactions of the key: the schedule and the upgrade.
    const rows = await t.ctx.db
      .select({ step: jobTransactions.stepKey })
      .from(jobTransactions)
      .where(eq(jobTransactions.fromAddress, keyAddress));
    expect(rows).toHaveLength(2);
  });
});
