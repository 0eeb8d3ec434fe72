import { transactionRecordMessages, walletProofMessages } from '@tranche/api';
import { devAccountKeys, type DevChain } from '@tranche/contracts';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { deployedContracts } from '../../db/schema.ts';
import { insertAccount } from '../accounts/repository.ts';
import { transactionReceipts } from './schema.ts';
import { followReplacedTransactions, recordUserTransaction } from './service.ts';

/** Init code of a contract whose runtime returns 42 (a real contract creation, no artifact needed). */
const tinyContractInitCode = '0x600a600c600039600a6000f3602a60005260206000f3';
const zeroHash = `0x${'ab'.repeat(32)}`;

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
});

async function loggedInAccount(t: TestApp, login: string) {
  const account = await insertAccount(t.ctx.db, {
    loginName: login,
    emailAddress: login,
    profileName: login,
    passwordHash: 'unused',
    confirmedOn: new Date(),
  });
  if (!account) throw new Error('no account');
  const token = await t.ctx.sessions.issue({ accountId: account.id, sessionVersion: 1 });
  return { id: account.id, headers: { authorization: `Bearer ${token}` } };
}

describe.each(databaseKinds)('transactions routes on %s', (kind) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof loggedInAccount>>;
  let bob: Awaited<ReturnType<typeof loggedInAccount>>;
  const aliceKey = devAccountKeys[kind === 'pglite' ? 5 : 7] as string;
  const bobKey = devAccountKeys[kind === 'pglite' ? 6 : 8] as string;
  const aliceAddress = new Wallet(aliceKey).address.toLowerCase();
  const bobAddress = new Wallet(bobKey).address.toLowerCase();

  beforeAll(async () => {
    t = await createTestApp({ kind, chain });
    alice = await loggedInAccount(t, `alice-${kind}@example.com`);
    bob = await loggedInAccount(t, `bob-${kind}@example.com`);
    await proveWallet(alice.headers, aliceKey);
  });

  /** Proves a wallet the way the console does: the server's SIWE message, signed by the wallet (personal_sign). */
  async function proveWallet(headers: Record<string, string>, key: string, signer = key) {
    const wallet = new Wallet(key);
    const { data } = (
      await t.app.inject({ method: 'GET', url: `/api/account/wallets/${wallet.address}/message`, headers })
    ).json() as { data: { message: string } };
    const signature = await new Wallet(signer).signMessage(data.message);
    return t.app.inject({
      method: 'POST',
      url: '/api/account/wallets',
      headers,
      payload: { message: data.message, signature },
    });
  }

  it('records a wallet-signed call, lists it with its contract name, and shows its detail with the chain receipt', async () => {
    const receipt = await sendMined(aliceKey, { to: bobAddress, value: 1n });
    // The platform knows the called address as a whitelist.
    await t.ctx.db.insert(deployedContracts).values({
      chainId: t.ctx.chain.chainId,
      address: bobAddress,
      kind: 'whitelist',
      name: 'Main investors',
    });
    const recorded = await post('/api/account/transactions', alice.headers, {
      transactionHash: receipt.hash.toUpperCase().replace('0X', '0x'),
      contractAddress: bobAddress.toUpperCase().replace('0X', '0x'),
      publicAddress: aliceAddress,
      txType: 2,
    });
    expect(recorded.json()).toMatchObject({
      statusCode: 200,
      data: {
        transactionHash: receipt.hash.toLowerCase(),
        txType: 2,
        typeDescription: 'Whitelist update',
        contractAddress: bobAddress,
        publicAddress: aliceAddress,
        relatedAssetClassId: 2,
        relatedAssetClassName: 'Main investors',
      },
    });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/account/transactions/1',
      headers: alice.headers,
    });
    const page = list.json().data;
    expect(page).toMatchObject({ totalRows: 1, totalPages: 1, currentPage: 1, pageSize: 10 });
    expect(page.pageData[0]).toMatchObject({
      transactionHash: receipt.hash,
      typeDescription: 'Whitelist update',
    });
    expect(Date.parse(page.pageData[0].createdOn)).not.toBeNaN();

    await t.ctx.chain.provider.send('evm_mine', []);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/transactions/${receipt.hash}`,
      headers: alice.headers,
    });
    expect(detail.json()).toEqual({
      statusCode: 200,
      data: {
        transactionHash: receipt.hash,
        txType: 2,
        typeDescription: 'Whitelist update',
        confirmations: 2,
        // Sent to an address that is no token of the platform: no rules to tell.
        rulesInForce: null,
        receipt: {
          mined: true,
          blockHash: receipt.blockHash,
          blockNumber: receipt.blockNumber,
          contractAddress: '',
          from: aliceAddress,
          to: bobAddress,
          transactionIndex: receipt.index,
          status: 1,
          gasUsed: '21000',
        },
      },
    });
  });

  it('one account never sees another account’s transactions', async () => {
    const receipt = await sendMined(aliceKey, { to: bobAddress, value: 2n });
    await post('/api/account/transactions', alice.headers, {
      transactionHash: receipt.hash,
      contractAddress: '',
      publicAddress: aliceAddress,
      txType: 4,
    });
    const bobList = await t.app.inject({
      method: 'GET',
      url: '/api/account/transactions/1',
      headers: bob.headers,
    });
    expect(bobList.json().data).toEqual({
      totalRows: 0,
      totalPages: 1,
      currentPage: 1,
      pageSize: 10,
      pageData: [],
      contracts: [],
    });
    const bobDetail = await t.app.inject({
      method: 'GET',
      url: `/api/transactions/${receipt.hash}`,
      headers: bob.headers,
    });
    expect(bobDetail.statusCode).toBe(404);
    expect(bobDetail.json().error.message).toBe('This transaction was not recorded by your account');
    // Bob cannot record Alice's transaction as his own either.
    const stolen = await post('/api/account/transactions', bob.headers, {
      transactionHash: receipt.hash,
      contractAddress: '',
      publicAddress: bobAddress,
      txType: 4,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe('This transaction was not sent from the public address given');
    // Nor change the contract of a transaction he did not record.
    const update = await post('/api/account/transactions', bob.headers, {
      transactionHash: receipt.hash,
      contractAddress: bobAddress,
      isUpdate: true,
    });
    expect(update.statusCode).toBe(404);
  });

  it('a deployment is recorded without a contract, then updated with the one the receipt names', async () => {
    const response = await t.ctx.chain.send(aliceKey, { data: tinyContractInitCode });
    const first = await post('/api/account/transactions', alice.headers, {
      transactionHash: response.hash,
      contractAddress: '',
      publicAddress: aliceAddress,
      txType: 1,
    });
    expect(first.json().data).toMatchObject({ contractAddress: '', typeDescription: 'Contract deployment' });
    const hash = await post('/api/transactions/hash', alice.headers, { transactionHash: response.hash });
    expect(hash.json()).toEqual({ statusCode: 200, data: null });
    const mined = await response.wait();
    const contractAddress = (mined?.contractAddress ?? '').toLowerCase();

    const wrong = await post('/api/account/transactions', alice.headers, {
      transactionHash: response.hash,
      contractAddress: bobAddress,
      isUpdate: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('This transaction did not call or create the contract given');

    // The client's receipt is ignored: the answer is the chain's.
    const receipt = await post('/api/transactions/receipt', alice.headers, {
      receipt: {
        transactionHash: response.hash,
        blockNumber: 999_999,
        contractAddress: bobAddress,
        status: 0,
      },
    });
    expect(receipt.json().data).toMatchObject({
      mined: true,
      blockNumber: mined?.blockNumber,
      contractAddress,
      from: aliceAddress,
      to: '',
      status: 1,
    });
    const rows = await t.ctx.db.select().from(transactionReceipts);
    expect(rows.find((row) => row.transactionHash === response.hash.toLowerCase())).toMatchObject({
      blockNumber: mined?.blockNumber,
      contractAddress,
      status: 1,
    });

    const updated = await post('/api/account/transactions', alice.headers, {
      transactionHash: response.hash,
      contractAddress,
      isUpdate: true,
    });
    expect(updated.json().data).toMatchObject({ contractAddress, txType: 1 });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/transactions/${response.hash}`,
      headers: alice.headers,
    });
    expect(detail.json().data.receipt).toMatchObject({ contractAddress, to: '' });
  });

  it('a transaction without a receipt yet has the empty defaults', async () => {
    await t.ctx.chain.provider.send('evm_setAutomine', [false]);
    try {
      const response = await t.ctx.chain.send(bobKey, { to: aliceAddress, value: 3n });
      const recorded = await post('/api/transactions/hash', bob.headers, { transactionHash: response.hash });
      expect(recorded.statusCode).toBe(200);
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/transactions/${response.hash}`,
        headers: bob.headers,
      });
      expect(detail.json().data).toEqual({
        transactionHash: response.hash,
        txType: 0,
        typeDescription: '',
        confirmations: 0,
        rulesInForce: null,
        receipt: {
          mined: false,
          blockHash: '',
          blockNumber: 0,
          contractAddress: '',
          from: '',
          to: '',
          transactionIndex: 0,
          status: 0,
          gasUsed: '',
        },
      });
    } finally {
      await t.ctx.chain.provider.send('evm_setAutomine', [true]);
      await t.ctx.chain.provider.send('evm_mine', []);
    }
  });

  it('refuses hashes the chain does not know, invalid input, and calls without a session', async () => {
    const unknown = await post('/api/transactions/hash', alice.headers, { transactionHash: zeroHash });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('The chain does not know this transaction');
    const unknownReceipt = await post('/api/transactions/receipt', alice.headers, {
      receipt: { hash: zeroHash },
    });
    expect(unknownReceipt.json().error.message).toBe('The chain does not know this transaction');

    const invalid = await post('/api/transactions/hash', alice.headers, { transactionHash: '0x1234' });
    expect(invalid.json()).toEqual({
      statusCode: 400,
      error: { message: 'The transaction hash is invalid' },
    });
    const missing = await post('/api/account/transactions', alice.headers, { contractAddress: '' });
    expect(missing.json().error.message).toBe('The transaction hash is required');
    const noType = await post('/api/account/transactions', alice.headers, {
      transactionHash: zeroHash,
      publicAddress: aliceAddress,
    });
    expect(noType.json().error.message).toBe('The transaction type is required');
    const badType = await post('/api/account/transactions', alice.headers, {
      transactionHash: zeroHash,
      publicAddress: aliceAddress,
      txType: 99,
    });
    expect(badType.json().error.message).toBe('The transaction type is invalid');
    const noUpdateContract = await post('/api/account/transactions', alice.headers, {
      transactionHash: zeroHash,
      isUpdate: true,
    });
    expect(noUpdateContract.json().error.message).toBe('The contract address is required');
    const badDetail = await t.app.inject({
      method: 'GET',
      url: '/api/transactions/nothash',
      headers: alice.headers,
    });
    expect(badDetail.json()).toEqual({
      statusCode: 400,
      error: { message: 'The transaction hash is invalid' },
    });

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/account/transactions/1' });
    expect(anonymous.json()).toEqual({ statusCode: 401, error: { message: 'Authentication required' } });
  });

  it('pages server-recorded transactions newest first; a page that is not a number reads as 1', async () => {
    const carol = await loggedInAccount(t, `carol-${kind}@example.com`);
    for (let i = 1; i <= 12; i++) {
      await recordUserTransaction(t.ctx, {
        accountId: carol.id,
        hash: `0x${i.toString(16).padStart(64, '0')}`,
        txType: 5,
        contractAddress: '0x0000000000000000000000000000000000000000',
        publicAddress: aliceAddress.toUpperCase().replace('0X', '0x'),
      });
    }
    const first = (
      await t.app.inject({ method: 'GET', url: '/api/account/transactions/abc', headers: carol.headers })
    ).json().data;
    expect(first).toMatchObject({ totalRows: 12, totalPages: 2, currentPage: 1, pageSize: 10 });
    expect(first.pageData).toHaveLength(10);
    expect(first.pageData[0]).toMatchObject({
      transactionHash: `0x${(12).toString(16).padStart(64, '0')}`,
      contractAddress: '',
      publicAddress: aliceAddress,
      typeDescription: 'Token redemption',
      relatedAssetClassId: 0,
      relatedAssetClassName: '',
    });
    const second = (
      await t.app.inject({ method: 'GET', url: '/api/account/transactions/2', headers: carol.headers })
    ).json().data;
    expect(second.currentPage).toBe(2);
    expect(second.pageData.map((row: { transactionHash: string }) => row.transactionHash)).toEqual([
      `0x${(2).toString(16).padStart(64, '0')}`,
      `0x${(1).toString(16).padStart(64, '0')}`,
    ]);
    const beyond = (
      await t.app.inject({ method: 'GET', url: '/api/account/transactions/7', headers: carol.headers })
    ).json().data;
    expect(beyond).toMatchObject({ currentPage: 7, pageData: [] });
  });

  it('follows a transaction the server replaced at a higher fee: My transactions shows the hash that was mined', async () => {
    const dave = await loggedInAccount(t, `dave-${kind}@example.com`);
    const hash = (n: number) => `0x${n.toString(16).padStart(64, 'a')}`;
    for (const n of [1, 2, 3])
      await recordUserTransaction(t.ctx, { accountId: dave.id, hash: hash(n), txType: 5 });
    // 1 was replaced by 11 (mined); 3 by 2, which dave already holds: his own row stays, nothing is duplicated.
    await followReplacedTransactions(t.ctx, [
      { dropped: hash(1), mined: hash(11) },
      { dropped: hash(3), mined: hash(2) },
    ]);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/account/transactions/1', headers: dave.headers })
    ).json().data;
    expect(listed.pageData.map((row: { transactionHash: string }) => row.transactionHash).sort()).toEqual(
      [hash(11), hash(2), hash(3)].sort(),
    );
  });

  it("follows a replaced transaction for each account on its own: another account's copy of the mined hash does not stop it", async () => {
    const erin = await loggedInAccount(t, `erin-${kind}@example.com`);
    const frank = await loggedInAccount(t, `frank-${kind}@example.com`);
    const dropped = `0x${'d1'.repeat(32)}`;
    const mined = `0x${'e1'.repeat(32)}`;
    for (const account of [erin, frank])
      await recordUserTransaction(t.ctx, { accountId: account.id, hash: dropped, txType: 5 });
    // Frank holds the mined hash already (his own row stays); Erin does not and must be pointed at it.
    await recordUserTransaction(t.ctx, { accountId: frank.id, hash: mined, txType: 5 });
    await followReplacedTransactions(t.ctx, [{ dropped, mined }]);
    const hashesOf = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/api/account/transactions/1', headers }))
        .json()
        .data.pageData.map((row: { transactionHash: string }) => row.transactionHash);
    expect(await hashesOf(erin.headers)).toEqual([mined]);
    expect((await hashesOf(frank.headers)).sort()).toEqual([dropped, mined].sort());
  });

  it('records a wallet transaction only for an address the account controls (SIWE proof, once per wallet)', async () => {
    const receipt = await sendMined(bobKey, { to: aliceAddress, value: 1n });
    const body = {
      transactionHash: receipt.hash,
      publicAddress: bobAddress,
      txType: 1,
      contractAddress: aliceAddress,
    };
    const refused = await post('/api/account/transactions', bob.headers, body);
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      403,
      transactionRecordMessages.notYourAddress,
    ]);
    // A signature by another key, or alice's proof replayed by bob, proves nothing.
    const forged = await proveWallet(bob.headers, bobKey, aliceKey);
    expect([forged.statusCode, forged.json().error.message]).toEqual([400, walletProofMessages.proofInvalid]);
    const message = (
      await t.app.inject({
        method: 'GET',
        url: `/api/account/wallets/${aliceAddress}/message`,
        headers: alice.headers,
      })
    ).json().data.message as string;
    const replayed = await post('/api/account/wallets', bob.headers, {
      message,
      signature: await new Wallet(aliceKey).signMessage(message),
    });
    expect([replayed.statusCode, replayed.json().error.message]).toEqual([
      400,
      walletProofMessages.proofInvalid,
    ]);
    expect((await post('/api/account/transactions', bob.headers, body)).statusCode).toBe(403);

    const proved = await proveWallet(bob.headers, bobKey);
    expect(proved.json()).toEqual({ statusCode: 200, data: { address: bobAddress } });
    expect((await post('/api/account/transactions', bob.headers, body)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  async function sendMined(key: string, tx: { to?: string; data?: string; value?: bigint }) {
    const response = await t.ctx.chain.send(key, tx);
    const receipt = await response.wait();
    if (!receipt) throw new Error('no receipt');
    return receipt;
  }

  function post(url: string, headers: Record<string, string>, payload: unknown) {
    return t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  }
});
