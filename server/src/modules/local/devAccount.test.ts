import { apiPrefix } from '@tranche/api';
import { type DevChain, devAccountKeys, testStableTokenArtifact } from '@tranche/contracts';
import { and, eq } from 'drizzle-orm';
import { Contract, JsonRpcSigner, type JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { jobTransactions } from '../../jobs/schema.ts';
import { credentials } from '../credentials/schema.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { createTestUser } from '../credentials/testing.ts';
import { testStableTokenAddress } from '../distributions/service.ts';
import { devAccountEth, devAccountTusd } from './devAccount.ts';
import { localDevAccounts } from './schema.ts';

const publicAddresses = new Set(devAccountKeys.map((key) => new Wallet(key).address.toLowerCase()));

describe.each(databaseKinds)('local development accounts on %s', (kind) => {
  let chain: DevChain;
  let t: TestApp;
  let provider: JsonRpcProvider;

  beforeAll(async () => {
    chain = await startTestChain();
    t = await createTestApp({ kind, chain });
    provider = testProvider(chain);
  }, 120_000);

  afterAll(async () => {
    provider?.destroy();
    await t?.close();
    await chain?.stop();
  });

  async function stableBalance(address: string): Promise<bigint> {
    const token = await testStableTokenAddress(t.ctx);
    if (!token) throw new Error('no test stable token');
    return (await new Contract(token, testStableTokenArtifact.abi, provider).getFunction('balanceOf')(
      address,
    )) as bigint;
  }

  it('makes each account a fresh key, registered and funded with ETH and tUSD on the chain, once', async () => {
    const user = await createTestUser(t, 'newcomer');
    const account = await user.client.call('localDevAccount');
    expect(account.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(publicAddresses.has(account.address)).toBe(false);
    expect(account).toEqual({
      address: account.address,
      registered: true,
      eth: devAccountEth.toString(),
      tusd: devAccountTusd.toString(),
    });
    // The chain holds what the answer says.
    expect(await provider.getBalance(account.address)).toBe(devAccountEth);
    expect(await stableBalance(account.address)).toBe(devAccountTusd);
    // Registered for server signing: the key is sealed (not stored in plaintext) and opens to this address.
    const [stored] = await t.ctx.db
      .select()
      .from(credentials)
      .where(eq(credentials.address, account.address));
    expect(stored?.accountId).toBe(user.accountId);
    const key = await signingKeyFor(t.ctx, user.accountId, account.address);
    expect(new Wallet(key).address.toLowerCase()).toBe(account.address);
    expect(stored?.encryptedKey).not.toContain(key.slice(2));

    // Asked again, and twice at once: the same account, funded once.
    const again = await Promise.all([
      user.client.call('localDevAccount'),
      user.client.call('localDevAccount'),
      user.client.call('localDevAccount'),
    ]);
    for (const answer of again) expect(answer).toEqual(account);
    expect(await provider.getBalance(account.address)).toBe(devAccountEth);
    expect(await stableBalance(account.address)).toBe(devAccountTusd);
    const [row] = await t.ctx.db
      .select()
      .from(localDevAccounts)
      .where(eq(localDevAccounts.accountId, user.accountId));
    const sent = await t.ctx.db
      .select({ stepKey: jobTransactions.stepKey, state: jobTransactions.state })
      .from(jobTransactions)
      .where(and(eq(jobTransactions.jobId, row?.fundingJobId ?? -1)));
    expect(sent.map((s) => `${s.stepKey}:${s.state}`).sort()).toEqual(['tusd:mined']);
  }, 120_000);

  it('gives two accounts asking at once two different keys', async () => {
    const [a, b] = [await createTestUser(t, 'first'), await createTestUser(t, 'second')];
    const [accountA, accountB] = await Promise.all([
      a.client.call('localDevAccount'),
      b.client.call('localDevAccount'),
    ]);
    expect(accountA.address).not.toBe(accountB.address);
    for (const account of [accountA, accountB]) {
      expect(account.eth).toBe(devAccountEth.toString());
      expect(account.tusd).toBe(devAccountTusd.toString());
    }
    // Each one is its own account's key only.
    await expect(signingKeyFor(t.ctx, a.accountId, accountB.address)).rejects.toThrow();
  }, 120_000);

  it('lets a newcomer deploy a scheme through the node and grant rights signed by the server, with no raw key', async () => {
    const user = await createTestUser(t, 'issuer');
    const { address } = await user.client.call('localDevAccount');
    // The console's local wallet: the node sends for the address (as for the ten public accounts).
    const signer = new JsonRpcSigner(provider, address);
    const { txData } = await user.client.call('rbacDeployTx', {
      body: {
        txMode: 1,
        accountAddress: address,
        schemeName: 'First scheme',
        codebaseId: 1,
        ownerAddress: address,
      },
    });
    const sent = await signer.sendTransaction({ data: txData.data });
    const receipt = await t.ctx.chain.waitForReceipt(sent.hash, { timeoutMs: 30_000 });
    const scheme = receipt?.contractAddress?.toLowerCase() ?? '';
    expect(receipt?.status).toBe(1);
    expect((await user.client.call('onboarding')).next).toBe('scheme');
    await user.client.call('registerScheme', {
      body: {
        securitySchemeAddress: scheme,
        schemeName: 'First scheme',
        codebaseId: 1,
        transactionHash: sent.hash,
      },
    });
    expect(await user.client.call('onboarding')).toEqual({
      steps: [
        { id: 'scheme', done: true },
        { id: 'rights', done: false },
        { id: 'whitelist', done: false },
        { id: 'token', done: false },
        { id: 'distribution', done: false },
      ],
      next: 'rights',
    });
    // Server-signed (txMode 2) with the registered development key.
    const { asset } = await user.client.call('getSchemeAsset', { params: { contractAddress: scheme } });
    await user.client.call('grantOperator', {
      body: {
        targetAddress: address,
        securitySchemeAddress: scheme,
        accountAddress: address,
        txMode: 2,
        asset,
      },
    });
    const onboarding = await user.client.call('onboarding');
    expect(onboarding.next).toBe('whitelist');
    expect(onboarding.steps.filter((s) => s.done).map((s) => s.id)).toEqual(['scheme', 'rights']);
    // Another account's checklist is its own.
    const other = await createTestUser(t, 'other');
    expect((await other.client.call('onboarding')).next).toBe('scheme');
  }, 120_000);

  it('lists the ten shared accounts with the login that uses each', async () => {
    const user = await createTestUser(t, 'sharer');
    const shared = await user.client.call('localSharedAccounts');
    expect(shared.map((s) => s.address)).toEqual([...publicAddresses]);
    expect(shared[3]?.usedBy).toBeNull();
    await user.client.call('registerCredentials', {
      body: { publicKey: new Wallet(devAccountKeys[3]).address, privateKey: devAccountKeys[3] },
    });
    const after = await user.client.call('localSharedAccounts');
    expect(after[3]?.usedBy).toMatch(/^sharer-.*@tranche\.test$/);
    expect(after.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('shows a not yet confirmed sign-up its own mail from loopback only, saying confirmation code', async () => {
    const emailAddress = `signup-${Date.now()}@tranche.test`;
    const anon = (await createTestUser(t, 'anon')).client;
    await anon.call('createAccount', {
      body: { loginName: emailAddress, emailAddress, password: 'a long password', profileName: 'New issuer' },
    });
    const read = async (address: string, remoteAddress = '127.0.0.1') => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${apiPrefix}/local/outbox/sign-up?emailAddress=${encodeURIComponent(address)}`,
        remoteAddress,
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: { to: string; subject: string; text: string }[] }).data;
    };
    // The sign-up answers before its mail is written (the password is hashed and the mail sent in the background).
    await expect.poll(async () => (await read(emailAddress)).length, { timeout: 10_000 }).toBe(1);
    const mail = await read(emailAddress);
    expect(mail[0]?.to).toBe(emailAddress);
    expect(mail[0]?.subject).toBe('Your Tranche confirmation code');
    expect(mail[0]?.text).not.toMatch(/access code/i);
    const code = /confirmation code is: (\S+)/.exec(mail[0]?.text ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
    // Not from another address; not for an address with no sign-up; not once confirmed.
    expect(await read(emailAddress, '10.1.2.3')).toEqual([]);
    expect(await read(`nobody-${Date.now()}@tranche.test`)).toEqual([]);
    await anon.call('confirmAccount', { body: { confirmationCode: code } });
    expect(await read(emailAddress)).toEqual([]);
  });

  it('serves none of it outside local mode', async () => {
    const network = await createTestApp({ kind, chain, local: false });
    try {
      const user = await createTestUser(network, 'network');
      for (const route of ['localDevAccount', 'localSharedAccounts'] as const) {
        expect((await failureOf(user.client.call(route))).statusCode).toBe(404);
      }
      const response = await network.app.inject({
        method: 'GET',
        url: `${apiPrefix}/local/outbox/sign-up?emailAddress=a%40tranche.test`,
        remoteAddress: '127.0.0.1',
      });
      expect(response.statusCode).toBe(404);
      // The checklist is not local: it answers everywhere.
      expect((await user.client.call('onboarding')).next).toBe('scheme');
      expect(
        await network.ctx.db
          .select()
          .from(localDevAccounts)
          .where(eq(localDevAccounts.accountId, user.accountId)),
      ).toEqual([]);
    } finally {
      await network.close();
    }
  });
});
