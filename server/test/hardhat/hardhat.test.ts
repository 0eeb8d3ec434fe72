import { type DevChain, devAccountKeys, securityTokenArtifact } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { Contract, Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sweepOpenTransactions } from '../../src/chain/reconcile.ts';
import { jobTransactions } from '../../src/jobs/schema.ts';
import { registerCredential } from '../../src/modules/credentials/service.ts';
import { createTestUser, type TestUser } from '../../src/modules/credentials/testing.ts';
import { chainWallet, schemeWithRights, whitelistOf } from '../../src/modules/rbac/testing.ts';
import { indexerOf } from '../../src/modules/tokens/routes.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { startHardhatNode } from './hardhatNode.ts';

/**
 * The core journeys of the whole stack on a second node implementation, Hardhat's node (EDR), told to the server as
 * an external chain (CHAIN_RPC_URL, not the embedded Anvil): a security scheme (deployed from the wallet, its rights
 * granted server-signed), a whitelist and its investors, a draft deployed by the durable job, an issue, a redemption
 * and a pause. Server-signed (txMode 2) wherever the API offers it; Hardhat's base fee starts at 1 gwei and moves
 * with every block, so every server-signed transaction is EIP-1559 with fees from eth_feeHistory.
 */

let chain: DevChain;
let t: TestApp;
let issuer: TestUser;
let owner: Wallet;
const ownerAddress = () => owner.address.toLowerCase();
const investors = [devAccountKeys[4], devAccountKeys[5]].map((key) => new Wallet(key).address.toLowerCase());

beforeAll(async () => {
  chain = await startHardhatNode();
  t = await createTestApp({ kind: 'pglite', chain, local: false });
  issuer = await createTestUser(t, 'issuer');
  owner = chainWallet(chain, devAccountKeys[0]);
  await registerCredential(t.ctx.db, t.ctx.masterKey, issuer.accountId, {
    publicKey: owner.address,
    privateKey: devAccountKeys[0],
  });
}, 180_000);
afterAll(async () => {
  owner?.provider?.destroy();
  await t?.close();
  await chain?.stop();
});

it('runs scheme, whitelist, draft deployment, issue, redeem and pause through the server on Hardhat', async () => {
  // Scheme: deployed from the wallet (txMode 1), Operator, Access Levels 1 and 2 granted server-signed (txMode 2).
  const scheme = await schemeWithRights(issuer, owner, 'Hardhat scheme');
  expect((await issuer.client.call('listSchemes')).map((s) => s.securitySchemeAddress)).toContain(
    scheme.address,
  );

  // Whitelist: deployed from the wallet, its investors (and the owner, to redeem its own tokens) added server-signed.
  const whitelist = await whitelistOf(issuer, owner, scheme.address, 'Hardhat whitelist');
  const added = await issuer.client.call('whitelistBulk', {
    body: {
      txMode: 2,
      accountAddress: ownerAddress(),
      whitelistAddress: whitelist,
      asset: scheme.asset,
      addresses: [...investors, ownerAddress()].map((address, i) => ({
        targetAddress: address,
        legalName: `Investor ${i + 1}`,
      })),
    },
  });
  expect(added.errorMessages).toEqual([]);
  expect(added.saved).toBe(3);

  // Draft deployment: the durable job deploys the token and issues to both investors.
  await issuer.client.call('createDraft', {
    body: {
      bulk: {
        tokens: [
          {
            symbol: 'HHT',
            name: 'Hardhat token',
            exchangeRate: 1,
            currency: 'EUR',
            codebaseId: 1,
            whitelistAddress: whitelist,
            controllerAddress: ownerAddress(),
            isControllable: true,
            investors: investors.map((publicAddress, i) => ({
              publicAddress,
              investmentAmount: 100 * (i + 1),
            })),
          },
        ],
      },
    },
  });
  const started = await issuer.client.call('deployDraft', {
    body: { txMode: 2, symbol: 'HHT', accountAddress: ownerAddress(), ownerAddress: ownerAddress() },
  });
  let draft = await issuer.client.call('getDraft', { params: { symbol: 'HHT' } });
  for (let i = 0; i < 600 && (draft.status === 1 || draft.investors.some((x) => x.status < 2)); i += 1) {
    if (draft.errorMessage) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
    draft = await issuer.client.call('getDraft', { params: { symbol: 'HHT' } });
  }
  expect([draft.status, draft.errorMessage, draft.investors.map((x) => x.status)]).toEqual([2, null, [2, 2]]);
  const tokenAddress = draft.contractAddress as string;
  const token = new Contract(tokenAddress, securityTokenArtifact.abi, owner);
  const balanceOf = async (holder: string) => (await token.getFunction('balanceOf')(holder)) as bigint;
  expect([await balanceOf(investors[0] as string), await balanceOf(investors[1] as string)]).toEqual([
    100n,
    200n,
  ]);
  const sent = await t.ctx.db.select().from(jobTransactions).where(eq(jobTransactions.jobId, started.jobId));
  expect(sent.every((row) => row.state === 'mined')).toBe(true);
  expect(sent.map((row) => row.raw.slice(0, 4))).toEqual(sent.map(() => '0x02'));

  // Issue and redeem, server-signed; the indexer's balances equal the chain's.
  await issuer.client.call('createPartition', { body: { name: 'HH', description: 'Hardhat partition' } });
  const base = { symbol: 'HHT', accountAddress: ownerAddress(), txMode: 2 as const };
  const issued = await issuer.client.call('issueTokens', {
    body: {
      ...base,
      holderAddress: ownerAddress(),
      amount: '75',
      partition: 'HH',
      additionalData: 'On Hardhat',
    },
  });
  const redeemed = await issuer.client.call('redeemTokens', {
    body: { ...base, amount: '25', partition: 'HH' },
  });
  for (const hash of [issued.transactionHash, redeemed.transactionHash]) {
    const receipt = await t.ctx.chain.waitForReceipt(hash, { timeoutMs: 60_000 });
    expect(receipt?.status).toBe(1);
    await indexerOf(t.app)?.waitForBlock(receipt?.blockNumber ?? 0, 60_000);
  }
  expect(await balanceOf(ownerAddress())).toBe(50n);
  const balance = await issuer.client.call('getBalance', {
    params: { code: 'HHT', address: ownerAddress() },
  });
  expect(balance.balances.map((b) => b.balance)).toEqual(['50']);

  // Pause from the wallet (as the console's pipeline sends it); the server reads the token as paused.
  expect((await issuer.client.call('getProject', { params: { code: 'HHT' } })).isPaused).toBe(false);
  await (await token.getFunction('pause')()).wait();
  expect((await issuer.client.call('getProject', { params: { code: 'HHT' } })).isPaused).toBe(true);

  // Every transaction the server signed is settled from Hardhat's receipts: none left 'signed'.
  await sweepOpenTransactions(t.ctx.db, t.ctx.chain.provider);
  const recorded = await t.ctx.db.select().from(jobTransactions);
  // Three grants, the whitelist batch, the deployment, its one issue batch, the issue and the redemption.
  expect(recorded).toHaveLength(8);
  expect(recorded.filter((row) => row.state !== 'mined').map((row) => [row.stepKey, row.state])).toEqual([]);
}, 300_000);
