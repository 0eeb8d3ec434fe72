import { type DevChain, devAccountKeys, toBytes32Name } from '@tranche/contracts';
import { getAddress, type JsonRpcProvider, Wallet, ZeroAddress } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { deployedContracts } from '../../db/schema.ts';
import { insertAccount } from '../accounts/repository.ts';
import {
  deploySchemeAndWhitelist,
  deployTestStableToken,
  deployTestToken,
  devWallets,
} from '../tokens/testing.ts';

/** Init code of a contract whose runtime returns 42. */
const tinyContractInitCode = '0x600a600c600039600a6000f3602a60005260206000f3';

let chain: DevChain;
let t: TestApp;
let headers: Record<string, string>;
const senderKey = devAccountKeys[4] as string;
const sender = new Wallet(senderKey).address.toLowerCase();
const recipient = Wallet.createRandom().address.toLowerCase();

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain, local: true });
  const account = await insertAccount(t.ctx.db, {
    loginName: 'local@example.com',
    emailAddress: 'local@example.com',
    profileName: 'Local',
    passwordHash: 'unused',
    confirmedOn: new Date(),
  });
  const token = await t.ctx.sessions.issue({ accountId: account?.id ?? 0, sessionVersion: 1 });
  headers = { authorization: `Bearer ${token}` };
});
afterAll(async () => {
  await t.close();
  await chain.stop();
});

function get(url: string) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('local chain routes (local mode)', () => {
  it('GET /local/tx and /local/block answer the real transaction and block of the embedded chain', async () => {
    const response = await t.ctx.chain.send(senderKey, { to: recipient, value: 12345n });
    const receipt = await response.wait();
    if (!receipt) throw new Error('not mined');
    const tx = (await get(`/api/local/tx/${response.hash}`)).json();
    expect(tx.statusCode).toBe(200);
    expect(tx.data).toMatchObject({
      hash: response.hash,
      status: 'success',
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      from: sender,
      to: recipient,
      contractAddress: '',
      value: '12345',
      gasUsed: '21000',
      input: '0x',
      call: null,
      logCount: 0,
      events: [],
      confirmations: 1,
    });
    expect(Date.parse(tx.data.timestamp)).not.toBeNaN();

    const block = (await get(`/api/local/block/${receipt.blockNumber}`)).json();
    expect(block.data).toMatchObject({
      number: receipt.blockNumber,
      hash: receipt.blockHash,
      gasUsed: '21000',
      transactions: [
        {
          hash: response.hash,
          from: sender,
          to: recipient,
          value: '12345',
          blockNumber: receipt.blockNumber,
        },
      ],
    });
    const byHash = (await get(`/api/local/block/${receipt.blockHash}`)).json();
    expect(byHash.data.number).toBe(receipt.blockNumber);
    const latest = (await get('/api/local/block/latest')).json();
    expect(latest.data.number).toBe(latest.data.latestBlock);
  });

  it('GET /local/address answers balance, nonce, code and the recent transactions of an address', async () => {
    const deployment = await t.ctx.chain.send(senderKey, { data: tinyContractInitCode });
    const mined = await deployment.wait();
    const contract = (mined?.contractAddress ?? '').toLowerCase();
    await t.ctx.db
      .insert(deployedContracts)
      .values({ chainId: t.ctx.chain.chainId, address: contract, kind: 'whitelist', name: 'Local list' });

    const account = (await get(`/api/local/address/${recipient}`)).json().data;
    expect(account).toMatchObject({
      address: recipient,
      balance: '12345',
      balanceEther: '0.000000000000012345',
      transactionCount: 0,
      isContract: false,
      codeSize: 0,
      knownAs: null,
    });
    expect(account.recentTransactions).toEqual([expect.objectContaining({ to: recipient, value: '12345' })]);

    const code = (await get(`/api/local/address/${contract}`)).json().data;
    expect(code).toMatchObject({
      isContract: true,
      codeSize: 10,
      knownAs: { kind: 'whitelist', name: 'Local list' },
    });

    const from = (await get(`/api/local/address/${sender.toUpperCase().replace('0X', '0x')}`)).json().data;
    expect(from.transactionCount).toBe(2);
    expect(from.recentTransactions.map((tx: { hash: string }) => tx.hash)).toEqual([
      deployment.hash,
      expect.any(String),
    ]);
  });

  it('GET /local/address lists the ERC-20 transfers of an address, like an explorer’s token tab', async () => {
    const wallets = devWallets(t.ctx.chain.provider as JsonRpcProvider);
    const setup = await deploySchemeAndWhitelist(wallets);
    const token = await deployTestToken(t.ctx.db, wallets, setup, {
      symbol: 'LTT',
      name: 'Local transfer token',
    });
    const [holder, receiver] = wallets.holders;
    if (!holder || !receiver) throw new Error('two holders expected');
    const issue = await token.getFunction('issueByPartition(bytes32,address,uint256,bytes)')(
      toBytes32Name('Common'),
      holder.address,
      100,
      '0x',
    );
    const issued = await issue.wait();
    const send = await (token.connect(holder.signer) as typeof token).getFunction('transfer')(
      receiver.address,
      30,
    );
    const sent = await send.wait();
    const tokenAddress = String(token.target).toLowerCase();
    const row = (hash: string, blockNumber: number, from: string, to: string, value: string) => ({
      hash,
      blockNumber,
      logIndex: expect.any(Number),
      token: tokenAddress,
      tokenSymbol: 'LTT',
      from,
      to,
      value,
      tokenDecimals: 0,
    });

    const holderPage = (await get(`/api/local/address/${holder.address}`)).json().data;
    expect(holderPage.tokenTransfers).toEqual([
      row(send.hash, sent.blockNumber, holder.address, receiver.address, '30'),
      row(issue.hash, issued.blockNumber, ZeroAddress, holder.address, '100'),
    ]);
    const receiverPage = (await get(`/api/local/address/${receiver.address}`)).json().data;
    expect(receiverPage.tokenTransfers).toEqual([
      row(send.hash, sent.blockNumber, holder.address, receiver.address, '30'),
    ]);
    expect((await get(`/api/local/address/${recipient}`)).json().data.tokenTransfers).toEqual([]);
  });

  it('GET /local/tx decodes the call and the events with the platform’s ABIs, amounts in the token’s units', async () => {
    const wallets = devWallets(t.ctx.chain.provider as JsonRpcProvider);
    const stable = await deployTestStableToken(wallets, 5_000_000_000n);
    const [holder] = wallets.holders;
    if (!holder) throw new Error('a holder expected');
    const owner = getAddress(wallets.owner.address);
    const receiver = getAddress(holder.address);
    const send = await stable.getFunction('transfer')(holder.address, 1_000_000_001n);
    await send.wait();

    const tx = (await get(`/api/local/tx/${send.hash}`)).json().data;
    expect(tx.call).toEqual({
      name: 'transfer',
      signature: 'transfer(address,uint256)',
      args: [
        { name: 'to', type: 'address', value: receiver },
        { name: 'value', type: 'uint256', value: '1,000.000001 tUSD' },
      ],
    });
    expect(tx.events).toEqual([
      {
        index: expect.any(Number),
        address: String(stable.target).toLowerCase(),
        name: 'Transfer',
        signature: 'Transfer(address,address,uint256)',
        args: [
          { name: 'from', type: 'address', value: owner },
          { name: 'to', type: 'address', value: receiver },
          { name: 'value', type: 'uint256', value: '1,000.000001 tUSD' },
        ],
      },
    ]);
    const holderPage = (await get(`/api/local/address/${holder.address}`)).json().data;
    expect(holderPage.tokenTransfers[0]).toMatchObject({
      hash: send.hash,
      tokenSymbol: 'tUSD',
      tokenDecimals: 6,
      value: '1000000001',
    });
  });

  it('answers 404 for what the chain does not have and 400 for malformed values', async () => {
    const missingTx = (await get(`/api/local/tx/0x${'12'.repeat(32)}`)).json();
    expect(missingTx).toEqual({
      statusCode: 404,
      error: { message: 'The local chain has no transaction with this hash' },
    });
    const missingBlock = (await get('/api/local/block/999999')).json();
    expect(missingBlock).toEqual({
      statusCode: 404,
      error: { message: 'The local chain has no block with this number or hash' },
    });
    expect((await get('/api/local/block/yesterday')).json().error.message).toBe(
      'The block must be a block number or a block hash',
    );
    expect((await get('/api/local/address/0x12')).json().error.message).toBe('The address is invalid');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/local/block/latest' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is not served when the server does not run its own chain', async () => {
    const remote = await buildApp({
      ...t.ctx,
      chain: { ...t.ctx.chain, local: false },
      logger: false,
      consoleDir: null,
    });
    try {
      const answer = await remote.inject({ method: 'GET', url: '/api/local/block/latest', headers });
      expect(answer.json()).toEqual({ statusCode: 404, error: { message: 'This API call does not exist' } });
    } finally {
      await remote.close();
    }
  });
});
