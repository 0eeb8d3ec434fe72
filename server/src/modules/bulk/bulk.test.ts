import type { AddressInfo } from 'node:net';
import {
  type ApiClient,
  type BulkJob,
  bulkOperationMessages as b,
  createApiClient,
  idempotencyMessages,
  keyMessages,
  routes,
  tokenOperationMessages as m,
  txTypes,
} from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { type Contract, encodeBytes32String, getAddress, type JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountWithKeys,
  createTestApp,
  failureOf,
  mailReaderToken,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { idempotencyKeyTtlMs } from '../../http/idempotency.ts';
import { whitelistAddresses, whitelists } from '../whitelists/schema.ts';
import {
  deploySchemeAndWhitelist,
  deployTestToken,
  type DevWallets,
  devWallets,
  verifyMissing,
} from '../tokens/testing.ts';

let devChain: DevChain;
let t: TestApp;
let provider: JsonRpcProvider;
let wallets: DevWallets;
let token: Contract;
let issuer: ApiClient;
let issuerJwt: string;
let stranger: ApiClient;
let strangerJwt: string;
let reader: ApiClient;
let baseUrl: string;
const symbol = 'BLK';
type Holder = DevWallets['holders'][number];
const walletOnly = new Wallet(Wallet.createRandom().privateKey);

const client = (jwt: string) => createApiClient({ baseUrl, getToken: () => jwt });

beforeAll(async () => {
  devChain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain: devChain });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  provider = testProvider(devChain);
  wallets = devWallets(provider);
  const setup = await deploySchemeAndWhitelist(wallets);
  issuerJwt = (await accountWithKeys(t, 'bulk.issuer@example.com', [wallets.owner, wallets.controller])).jwt;
  issuer = client(issuerJwt);
  strangerJwt = (await accountWithKeys(t, 'bulk.stranger@example.com', [wallets.outsider])).jwt;
  stranger = client(strangerJwt);
  reader = client(await mailReaderToken(t));
  token = await deployTestToken(t.ctx.db, wallets, setup, { symbol, name: 'Bulk shares' });
  // The stranger proves a wallet (no key on the server).
  const headers = { authorization: `Bearer ${strangerJwt}` };
  const { data } = (
    await t.app.inject({ method: 'GET', url: `/api/account/wallets/${walletOnly.address}/message`, headers })
  ).json() as { data: { message: string } };
  const proved = await t.app.inject({
    method: 'POST',
    url: '/api/account/wallets',
    headers,
    payload: { message: data.message, signature: await walletOnly.signMessage(data.message) },
  });
  expect(proved.statusCode).toBe(200);
});
afterAll(async () => {
  provider?.destroy();
  await t?.close();
  await devChain?.stop();
});

const rows = () =>
  wallets.holders.map((h, i) => ({ address: h.address, amount: String(10 * (i + 1)), partition: 'A' }));

async function finished(api: ApiClient, jobId: number): Promise<BulkJob> {
  for (let i = 0; i < 400; i += 1) {
    const job = await api.call('getBulk', { params: { jobId: String(jobId) } });
    if (job.state === 'done' || job.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the bulk job did not finish');
}

describe('bulk operations on a live token', () => {
  it('issues the good rows in one transaction, reports a bad row by its number, and mails the issuer once it is done', async () => {
    const input = [...rows(), { address: wallets.holders[0]?.address, amount: '5', partition: 'A' }];
    const { jobId } = await issuer.call('startBulk', {
      body: { symbol, operation: 'issue', accountAddress: wallets.owner.address, rows: input },
    });
    const job = await finished(issuer, jobId);
    expect(job).toMatchObject({ state: 'done', total: 5, done: 4, failed: 1, transactions: 1 });
    expect(job.rows[4]).toMatchObject({ row: 5, status: 'failed', reason: b.addressTwice(5, 'A') });
    for (const [i, h] of wallets.holders.entries()) {
      expect(await token.getFunction('balanceOf')(h.address)).toBe(BigInt(10 * (i + 1)));
    }
    // Another account does not see it.
    expect((await failureOf(stranger.call('getBulk', { params: { jobId: String(jobId) } }))).statusCode).toBe(
      404,
    );
    let subject: string | undefined;
    for (let i = 0; i < 100 && !subject; i += 1) {
      const mails = await reader.call('localOutbox');
      subject = mails.find(
        (mail) => mail.to === 'bulk.issuer@example.com' && mail.subject.includes('bulk'),
      )?.subject;
      if (!subject) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(subject).toBe(`Tranche: The bulk issue #${jobId} of ${symbol} finished`);
    // The server-signed issue shows in the issuer's My transactions (recorded by the durable sender), not in another's.
    const hash = job.rows[0]?.transactionHash;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const mine = await issuer.call('listAccountTransactions', { params: { page: '1' } });
    expect(mine.pageData.find((row) => row.transactionHash === hash)).toMatchObject({
      typeDescription: 'Token issue',
      contractAddress: (await token.getAddress()).toLowerCase(),
    });
    const theirs = await stranger.call('listAccountTransactions', { params: { page: '1' } });
    expect(theirs.pageData.map((row) => row.transactionHash)).not.toContain(hash);
  }, 120_000);

  it('lists a bulk issue in My transactions with its decoded effect and the holder by name, filtered by kind, token and status (issue 34)', async () => {
    const contract = (await token.getAddress()).toLowerCase();
    const holder = wallets.holders[3]?.address as string;
    // The token's whitelist names the holder (as a saved whitelist record does).
    const [list] = await t.ctx.db
      .insert(whitelists)
      .values({
        chainId: devChain.chainId,
        address: (await token.getFunction('whitelist')()).toLowerCase(),
        name: 'Bulk whitelist',
        schemeAddress: wallets.owner.address.toLowerCase(),
        codebaseId: 1,
        ownerAddress: wallets.owner.address.toLowerCase(),
      })
      .returning();
    await t.ctx.db.insert(whitelistAddresses).values({
      whitelistId: list?.id as number,
      publicAddress: holder.toLowerCase(),
      legalName: 'Northwind Pension Fund',
      salt: '00',
      hash: '00',
      verifiedOn: new Date(),
    });
    const { jobId } = await issuer.call('startBulk', {
      body: {
        symbol,
        operation: 'issue',
        accountAddress: wallets.owner.address,
        rows: [{ address: holder, amount: '2500', partition: 'B' }],
      },
    });
    const job = await finished(issuer, jobId);
    expect(job).toMatchObject({ state: 'done', done: 1 });
    const hash = job.rows[0]?.transactionHash;
    const mine = await issuer.call('listAccountTransactions', { params: { page: '1' } });
    const row = mine.pageData.find((r) => r.transactionHash === hash);
    expect(row).toMatchObject({
      typeDescription: 'Token issue',
      // The key that signed it (the durable sender records it with the hash).
      publicAddress: wallets.owner.address.toLowerCase(),
      status: 'mined',
      effect: {
        what: `Issued 2,500 ${symbol} to Northwind Pension Fund (${getAddress(holder)}) on partition B`,
        amount: `2,500 ${symbol}`,
        counterparty: getAddress(holder),
        counterpartyName: 'Northwind Pension Fund',
        partition: 'B',
      },
    });
    // The first bulk issue (four holders in one transaction) is summed, its holders counted.
    expect(mine.pageData.map((r) => r.effect.what)).toContain(
      `Issued 100 ${symbol} to 4 holders on partition A`,
    );
    expect(mine.contracts).toContainEqual({ address: contract, name: 'Bulk shares' });

    // Filters: kind, token and status narrow the list; a status nothing has empties it.
    const issues = await issuer.call('listAccountTransactions', {
      params: { page: '1' },
      query: { kind: String(txTypes.tokenIssue), token: contract, status: 'mined' },
    });
    expect(issues.totalRows).toBe(2);
    expect(issues.pageData.map((r) => r.transactionHash)).toContain(hash);
    expect(issues.pageData.every((r) => r.txType === txTypes.tokenIssue && r.status === 'mined')).toBe(true);
    const transfers = await issuer.call('listAccountTransactions', {
      params: { page: '1' },
      query: { kind: String(txTypes.forceTransfer) },
    });
    expect(transfers.pageData.map((r) => r.transactionHash)).not.toContain(hash);
    const reverted = await issuer.call('listAccountTransactions', {
      params: { page: '1' },
      query: { status: 'reverted' },
    });
    expect(reverted).toMatchObject({ totalRows: 0, pageData: [] });
    expect(
      (
        await failureOf(
          issuer.call('listAccountTransactions', { params: { page: '1' }, query: { status: 'lost' } }),
        )
      ).message,
    ).toBe('The status must be pending, mined or reverted');

    // Another account sees neither the row nor the name.
    const theirs = await stranger.call('listAccountTransactions', { params: { page: '1' } });
    expect(theirs.pageData.map((r) => r.transactionHash)).not.toContain(hash);
    expect(JSON.stringify(theirs)).not.toContain('Northwind');
  }, 120_000);

  it('forces transfers row by row, each pre-checked: a row beyond the balance is refused in words', async () => {
    const [a, bHolder] = wallets.holders;
    const { jobId } = await issuer.call('startBulk', {
      body: {
        symbol,
        operation: 'force',
        accountAddress: wallets.controller.address,
        rows: [
          { fromAddress: a?.address, address: bHolder?.address, amount: '3', partition: 'A' },
          { fromAddress: a?.address, address: bHolder?.address, amount: '1000', partition: 'A' },
          { fromAddress: 'nobody', address: bHolder?.address, amount: '1', partition: 'A' },
        ],
      },
    });
    const job = await finished(issuer, jobId);
    expect(job).toMatchObject({ state: 'done', done: 1, failed: 2, transactions: 1 });
    expect(job.rows[1]?.reason).toBe(b.refused(2, m.insufficientBalance));
    expect(job.rows[2]?.reason).toBe(b.fromInvalid(3));
    expect(await token.getFunction('balanceOf')(a?.address)).toBe(7n);
    expect(await token.getFunction('balanceOf')(bHolder?.address)).toBe(23n);
  }, 120_000);

  it('issues once for a request repeated with the same Idempotency-Key, and refuses the key for another request', async () => {
    const holder = wallets.holders[0]?.address as string;
    const before = (await token.getFunction('balanceOf')(holder)) as bigint;
    const body = (amount: string) => ({
      symbol,
      operation: 'issue',
      accountAddress: wallets.owner.address,
      rows: [{ address: holder, amount, partition: 'A' }],
    });
    const send = async (jwt: string, payload: unknown, key = 'issue-7-retry') => {
      const response = await fetch(`${baseUrl}/api/token/bulk`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${jwt}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(payload),
      });
      const answer = (await response.json()) as { data?: { jobId: number }; error?: { message: string } };
      return {
        status: response.status,
        jobId: answer.data?.jobId,
        message: answer.error?.message,
        replayed: response.headers.get('idempotent-replayed'),
      };
    };
    const first = await send(issuerJwt, body('7'));
    expect(first).toMatchObject({ status: 200, replayed: null });
    // A retry after a timeout (while the job runs, and after it is done) gets the same job.
    expect(await send(issuerJwt, body('7'))).toEqual({ ...first, replayed: 'true' });
    expect(await finished(issuer, first.jobId as number)).toMatchObject({ state: 'done', done: 1 });
    expect(await send(issuerJwt, body('7'))).toEqual({ ...first, replayed: 'true' });
    expect(await token.getFunction('balanceOf')(holder)).toBe(before + 7n);
    // The same key with another request: 422, nothing started.
    expect(await send(issuerJwt, body('8'))).toMatchObject({
      status: 422,
      message: idempotencyMessages.keyReused,
    });
    // Keys are per account: another account's same key is its own request (refused for its own reason).
    expect(await send(strangerJwt, { ...body('7'), accountAddress: wallets.outsider.address })).toMatchObject(
      {
        status: 403,
        message: b.notAllowedToIssue,
      },
    );
    expect(await token.getFunction('balanceOf')(holder)).toBe(before + 7n);
    const [stored] = await t.ctx.db.select().from(idempotencyKeys);
    expect(stored?.expiresOn.getTime()).toBeGreaterThan(Date.now() + idempotencyKeyTtlMs - 60_000);
    expect(
      (['startBulk', 'pushDistribution', 'whitelistBulk'] as const).map((id) => routes[id].idempotent),
    ).toEqual([true, true, true]);
  }, 120_000);

  it('lists redemptions, forced transfers and a wallet-signed transfer in My transactions with their decoded effects (issue 34)', async () => {
    const contract = (await token.getAddress()).toLowerCase();
    const [first, second, third, named] = wallets.holders as [Holder, Holder, Holder, Holder];
    const owner = wallets.owner.address;
    const controller = wallets.controller.address;
    const partitionA = encodeBytes32String('A');
    // The owner (verified in the whitelist to hold tokens) redeems part of what it holds; the controller forces a
    // transfer to the holder the whitelist names (Northwind Pension Fund, saved above) and redeems from another
    // holder; all server-signed.
    await verifyMissing(devChain.rpcUrl, await token.getFunction('whitelist')(), wallets.owner.key, [owner]);
    await issuer.call('issueTokens', {
      body: {
        symbol,
        accountAddress: owner,
        txMode: 2,
        holderAddress: owner,
        amount: '30',
        partition: 'A',
        additionalData: 'Treasury',
      },
    });
    const redeemed = await issuer.call('redeemTokens', {
      body: {
        symbol,
        accountAddress: owner,
        txMode: 2,
        amount: '12',
        partition: 'A',
        additionalData: 'Buy-back',
      },
    });
    const forced = await issuer.call('forceTransfer', {
      body: {
        symbol,
        accountAddress: controller,
        txMode: 2,
        fromAddress: third.address,
        toAddress: named.address,
        amount: '7',
        additionalData: 'Court order',
      },
    });
    const taken = await issuer.call('controllerRedeem', {
      body: {
        symbol,
        accountAddress: controller,
        txMode: 2,
        fromAddress: third.address,
        amount: '3',
        additionalData: 'Lost keys',
      },
    });
    const mine = await issuer.call('listAccountTransactions', { params: { page: '1' } });
    const effectOf = (page: typeof mine, hash: string | undefined) =>
      page.pageData.find((row) => row.transactionHash === hash);
    expect(effectOf(mine, redeemed.transactionHash)).toMatchObject({
      txType: txTypes.tokenRedeem,
      status: 'mined',
      effect: {
        what: `Redeemed 12 ${symbol} from ${getAddress(owner)} on partition A`,
        amount: `12 ${symbol}`,
        counterparty: getAddress(owner),
        counterpartyName: '',
        partition: 'A',
      },
    });
    expect(effectOf(mine, forced.transactionHash)).toMatchObject({
      txType: txTypes.forceTransfer,
      status: 'mined',
      effect: {
        what: `Transferred 7 ${symbol} to Northwind Pension Fund (${getAddress(named.address)}) on partition A`,
        amount: `7 ${symbol}`,
        counterparty: getAddress(named.address),
        counterpartyName: 'Northwind Pension Fund',
        partition: 'A',
      },
    });
    expect(effectOf(mine, taken.transactionHash)).toMatchObject({
      txType: txTypes.controllerRedeem,
      effect: {
        what: `Redeemed 3 ${symbol} from ${getAddress(third.address)} on partition A`,
        partition: 'A',
      },
    });

    // A holder's own transfer, signed by its wallet and recorded by the console, in the holder's My transactions.
    const holderJwt = (await accountWithKeys(t, 'bulk.holder@example.com', [first])).jwt;
    const holder = client(holderJwt);
    const sent = await (token.connect(first.signer) as Contract).getFunction('transferByPartition')(
      partitionA,
      second.address,
      2n,
      '0x',
    );
    await sent.wait();
    await holder.call('recordAccountTransaction', {
      body: {
        transactionHash: sent.hash,
        txType: txTypes.tokenTransfer,
        contractAddress: contract,
        publicAddress: first.address,
      },
    });
    const theirs = await holder.call('listAccountTransactions', { params: { page: '1' } });
    expect(effectOf(theirs, sent.hash.toLowerCase())).toMatchObject({
      txType: txTypes.tokenTransfer,
      status: 'mined',
      effect: {
        what: `Transferred 2 ${symbol} to ${getAddress(second.address)} on partition A`,
        amount: `2 ${symbol}`,
        counterparty: getAddress(second.address),
        partition: 'A',
      },
    });
  }, 120_000);

  it('refuses whoever may not: no right on the token, no key on the server, a wallet only', async () => {
    const start = (api: ApiClient, operation: 'issue' | 'force', accountAddress: string) =>
      failureOf(api.call('startBulk', { body: { symbol, operation, accountAddress, rows: rows() } }));
    const noRight = await start(stranger, 'issue', wallets.outsider.address);
    expect([noRight.statusCode, noRight.message]).toEqual([403, b.notAllowedToIssue]);
    const notController = await start(issuer, 'force', wallets.owner.address);
    expect([notController.statusCode, notController.message]).toEqual([403, b.notController]);
    const notTheirs = await start(stranger, 'issue', wallets.owner.address);
    expect([notTheirs.statusCode, notTheirs.message]).toEqual([
      403,
      keyMessages.notRegistered(wallets.owner.address),
    ]);
    const wallet = await start(stranger, 'issue', walletOnly.address.toLowerCase());
    expect([wallet.statusCode, wallet.message]).toEqual([
      400,
      b.walletOnly(walletOnly.address.toLowerCase()),
    ]);
    const empty = await failureOf(
      issuer.call('startBulk', {
        body: { symbol, operation: 'issue', accountAddress: wallets.owner.address, rows: [] },
      }),
    );
    expect([empty.statusCode, empty.message]).toEqual([400, b.rowsRequired]);
  });
});
