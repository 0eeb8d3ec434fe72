import type { AddressInfo } from 'node:net';
import {
  type ApiClient,
  apiErrors,
  createApiClient,
  documentMessages,
  keyMessages,
  partitionMessages,
  tokenOperationMessages as m,
} from '@tranche/api';
import { type DevChain, gasMargin } from '@tranche/contracts';
import { type Contract, encodeBytes32String, type JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountWithKeys,
  createTestApp,
  failureOf,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { insertProject, recordDeployment } from '../projects/repository.ts';
import { indexerOf } from './routes.ts';
import { deploySchemeAndWhitelist, deployTestToken, type DevWallets, devWallets } from './testing.ts';

let devChain: DevChain;
let t: TestApp;
let provider: JsonRpcProvider;
let wallets: DevWallets;
let token: Contract;
let issuer: ApiClient;
let stranger: ApiClient;

async function account(login: string, keys: { address: string; key: string }[]) {
  return accountWithKeys(t, login, keys);
}

/** Waits until the transaction is mined and the indexer has read its block. */
async function indexed(transactionHash: string): Promise<void> {
  const receipt = await t.ctx.chain.waitForReceipt(transactionHash, { timeoutMs: 10_000 });
  expect(receipt.status).toBe(1);
  await indexerOf(t.app)?.waitForBlock(receipt.blockNumber, 20_000);
}

beforeAll(async () => {
  devChain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain: devChain });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  provider = testProvider(devChain);
  wallets = devWallets(provider);
  const setup = await deploySchemeAndWhitelist(wallets, { verifyOwner: true });
  const issuerToken = await account('issuer@example.com', [wallets.owner, wallets.controller]);
  const strangerToken = await account('stranger@example.com', [wallets.outsider]);
  const client = (jwt: string) =>
    createApiClient({ baseUrl: `http://127.0.0.1:${port}`, getToken: () => jwt });
  issuer = client(issuerToken.jwt);
  stranger = client(strangerToken.jwt);
  token = await deployTestToken(t.ctx.db, wallets, setup, { symbol: 'ACME', name: 'Acme Preferred' });
  // Drafts are listed to the account that created them only (the access module).
  const mine = { accountId: issuerToken.accountId };
  await insertProject(t.ctx.db, { projectCode: 'DRAFTY', projectName: 'Drafty token', ...mine });
  for (let i = 1; i <= 12; i++) {
    await insertProject(t.ctx.db, { projectCode: `ZZ${i}`, projectName: `Filler ${i}`, ...mine });
  }
});
afterAll(async () => {
  provider?.destroy();
  await t?.close();
  await devChain?.stop();
});

describe('projects', () => {
  it('searches by symbol and by name, pages, and turns a bad page into 1', async () => {
    const all = await issuer.call('searchProjects', { query: { term: '  ' } });
    expect(all.totalRows).toBe(14);
    expect(all.totalPages).toBe(2);
    expect(all.pagedResults).toHaveLength(all.pageSize);
    const second = await issuer.call('searchProjects', { query: { page: 2 } });
    expect(second.currentPage).toBe(2);
    expect(second.pagedResults).toHaveLength(14 - all.pageSize);
    for (const page of ['0', '-3', 'abc']) {
      expect((await issuer.call('searchProjects', { query: { page } })).currentPage).toBe(1);
    }
    const bySymbol = await issuer.call('searchProjects', { query: { term: 'acm' } });
    expect(bySymbol.pagedResults.map((p) => p.projectCode)).toEqual(['ACME']);
    const byName = await issuer.call('searchProjects', { query: { term: 'preferred' } });
    expect(byName.pagedResults[0]).toMatchObject({
      projectCode: 'ACME',
      projectStatus: 2,
      projectStatusDescription: 'Deployed',
      ownerAddress: wallets.owner.address,
      controllerAddress: wallets.controller.address,
      whitelistName: 'Test whitelist',
    });
    const draft = await issuer.call('searchProjects', { query: { term: 'drafty' } });
    expect(draft.pagedResults[0]).toMatchObject({
      projectStatus: 1,
      ownerAddress: null,
      controllerAddress: null,
    });
    const none = await issuer.call('searchProjects', { query: { term: 'nothing like this' } });
    expect([none.totalRows, none.pagedResults]).toEqual([0, []]);
  });

  it('answers a token with its on-chain state, 404 for an unknown one', async () => {
    const detail = await issuer.call('getProject', { params: { code: 'acme' } });
    expect(detail).toMatchObject({
      projectCode: 'ACME',
      isControllable: true,
      controllerName: 'issuer',
      isPaused: false,
      isIssuable: true,
      totalSupply: '0',
      documents: [],
    });
    expect(detail.abi.length).toBeGreaterThan(10);
    const missing = await failureOf(issuer.call('getProject', { params: { code: 'NOPE' } }));
    expect([missing.statusCode, missing.message]).toEqual([404, m.tokenNotFound('NOPE')]);
  });

  it('answers 503 in words, not 500, for a token whose contract the chain does not hold', async () => {
    // As after pointing the server at a node still catching up, or at another chain.
    await insertProject(t.ctx.db, { projectCode: 'GHOST', projectName: 'Ghost token' });
    await recordDeployment(t.ctx.db, 'GHOST', {
      contractAddress: Wallet.createRandom().address.toLowerCase(),
      ownerAddress: wallets.owner.address,
      whitelistAddress: wallets.owner.address,
      securitySchemeAddress: wallets.owner.address,
      deployBlock: await provider.getBlockNumber(),
    });
    const ghost = await failureOf(issuer.call('getProject', { params: { code: 'GHOST' } }));
    expect([ghost.statusCode, ghost.message]).toEqual([503, apiErrors.contractNotOnChain]);
  });
});

describe('partitions', () => {
  it('adds and lists partitions, refusing duplicates and blanks', async () => {
    await issuer.call('createPartition', { body: { name: 'CLASS-A', description: 'Class A shares' } });
    expect(await issuer.call('listPartitions')).toContainEqual({
      name: 'CLASS-A',
      description: 'Class A shares',
    });
    const twice = await failureOf(
      issuer.call('createPartition', { body: { name: 'CLASS-A', description: 'Again' } }),
    );
    expect([twice.statusCode, twice.message]).toEqual([409, partitionMessages.exists]);
    const blank = await failureOf(issuer.call('createPartition', { body: { name: 'X', description: ' ' } }));
    expect([blank.statusCode, blank.message]).toEqual([400, partitionMessages.descriptionRequired]);
    const long = await failureOf(
      issuer.call('createPartition', { body: { name: 'x'.repeat(32), description: 'Too long' } }),
    );
    expect(long.message).toBe(partitionMessages.valueTooLong);
  });
});

describe('token operations (txMode 2)', () => {
  const holder = () => wallets.holders[0]?.address as string;
  const base = () => ({ symbol: 'ACME', accountAddress: wallets.owner.address, txMode: 2 });

  it('issues to a verified holder: holders, balance and history show it', async () => {
    const before = await provider.getBlockNumber();
    const { transactionHash } = await issuer.call('issueTokens', {
      body: {
        ...base(),
        holderAddress: holder(),
        amount: '150',
        partition: 'CLASS-A',
        additionalData: 'Round 1',
      },
    });
    await indexed(transactionHash);
    const holders = await issuer.call('listHolders', { params: { code: 'ACME', partition: 'CLASS-A' } });
    expect(holders.pagedResults).toEqual([
      expect.objectContaining({
        holderAddress: holder(),
        balance: '150',
        verificationTransactionHash: expect.any(String),
      }),
    ]);
    const byHex = await issuer.call('listHolders', {
      params: { code: 'ACME', partition: encodeBytes32String('CLASS-A') },
    });
    expect(byHex.totalRows).toBe(1);
    const balance = await issuer.call('getBalance', { params: { code: 'ACME', address: holder() } });
    expect(balance.balances).toEqual([
      {
        partition: encodeBytes32String('CLASS-A').toLowerCase(),
        partitionName: 'CLASS-A',
        balance: '150',
        unconfirmed: false,
      },
    ]);
    const earlier = await issuer.call('getBalanceAtBlock', {
      params: { code: 'ACME', address: holder(), blockNumber: before },
    });
    expect(earlier).toEqual({ blockNumber: before, balances: [] });
    const history = await issuer.call('balanceHistory', {
      params: { code: 'ACME', address: holder(), fromTimestamp: 0, toTimestamp: 4_000_000_000 },
    });
    expect(history.pagedResults).toEqual([
      expect.objectContaining({ balance: '150', delta: '150', partitionName: 'CLASS-A', transactionHash }),
    ]);
    const detail = await issuer.call('getProject', { params: { code: 'ACME' } });
    expect(detail.totalSupply).toBe('150');
    expect(detail.partitions).toEqual([
      { value: encodeBytes32String('CLASS-A').toLowerCase(), name: 'CLASS-A' },
    ]);
  });

  it('checks rights and input before sending', async () => {
    const body = { holderAddress: holder(), amount: '1', partition: 'CLASS-A', additionalData: 'x' };
    const noKey = await failureOf(stranger.call('issueTokens', { body: { ...base(), ...body } }));
    expect([noKey.statusCode, noKey.message]).toEqual([
      403,
      keyMessages.notRegistered(wallets.owner.address),
    ]);
    const noRight = await failureOf(
      issuer.call('issueTokens', {
        body: { ...base(), accountAddress: wallets.controller.address, ...body },
      }),
    );
    expect([noRight.statusCode, noRight.message]).toEqual([403, m.notAllowedToIssue]);
    const notVerified = await failureOf(
      issuer.call('issueTokens', { body: { ...base(), ...body, holderAddress: wallets.outsider.address } }),
    );
    expect([notVerified.statusCode, notVerified.message]).toEqual([400, m.holderNotVerified]);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '0' }, m.amountTooLow],
      [{ amount: 'ten' }, m.amountInvalid],
      [{ amount: '1.5' }, m.amountInvalid],
      [{ amount: '' }, m.amountRequired],
      [{ holderAddress: '0x123' }, m.holderInvalid],
      [{ holderAddress: '' }, m.holderRequired],
      [{ partition: ' ' }, m.partitionRequired],
      [{ additionalData: '' }, m.notesRequired],
      [{ symbol: '' }, m.symbolRequired],
      [{ txMode: 1 }, m.txModeInvalid],
    ];
    for (const [change, message] of cases) {
      const error = await failureOf(
        issuer.call('issueTokens', { body: { ...base(), ...body, ...change } as never }),
      );
      expect([error.statusCode, error.message], JSON.stringify(change)).toEqual([400, message]);
    }
    const draft = await failureOf(
      issuer.call('issueTokens', { body: { ...base(), ...body, symbol: 'DRAFTY' } }),
    );
    expect([draft.statusCode, draft.message]).toEqual([409, m.tokenNotDeployed('DRAFTY')]);
    // Another account learns nothing of the draft: the same answer as for a symbol nobody has.
    const hidden = await failureOf(
      stranger.call('issueTokens', {
        body: { ...base(), ...body, symbol: 'DRAFTY', accountAddress: wallets.outsider.address },
      }),
    );
    const unknown = await failureOf(
      stranger.call('issueTokens', {
        body: { ...base(), ...body, symbol: 'NOSUCH', accountAddress: wallets.outsider.address },
      }),
    );
    expect([hidden.statusCode, hidden.message]).toEqual([404, m.tokenNotFound('DRAFTY')]);
    expect([unknown.statusCode, unknown.message]).toEqual([404, m.tokenNotFound('NOSUCH')]);
  });

  it('redeems the caller’s own tokens, refusing more than it holds', async () => {
    const issued = await issuer.call('issueTokens', {
      body: {
        ...base(),
        holderAddress: wallets.owner.address,
        amount: '40',
        partition: 'CLASS-A',
        additionalData: 'own',
      },
    });
    await indexed(issued.transactionHash);
    const tooMuch = await failureOf(
      issuer.call('redeemTokens', { body: { ...base(), amount: '41', partition: 'CLASS-A' } }),
    );
    expect([tooMuch.statusCode, tooMuch.message]).toEqual([400, m.insufficientBalance]);
    const { transactionHash } = await issuer.call('redeemTokens', {
      body: { ...base(), amount: '15', partition: 'CLASS-A' },
    });
    await indexed(transactionHash);
    const balance = await issuer.call('getBalance', {
      params: { code: 'ACME', address: wallets.owner.address },
    });
    expect(balance.balances[0]?.balance).toBe('25');
    const noRight = await failureOf(
      issuer.call('redeemTokens', {
        body: { ...base(), accountAddress: wallets.controller.address, amount: '1', partition: 'CLASS-A' },
      }),
    );
    expect([noRight.statusCode, noRight.message]).toEqual([403, m.notAllowedToRedeem]);
  });

  it('forces transfers and redemptions as the controller only', async () => {
    const controller = { ...base(), accountAddress: wallets.controller.address };
    const to = wallets.holders[1]?.address as string;
    const notController = await failureOf(
      issuer.call('forceTransfer', {
        body: {
          ...base(),
          fromAddress: holder(),
          toAddress: to,
          amount: '10',
          additionalData: 'court order',
        },
      }),
    );
    expect([notController.statusCode, notController.message]).toEqual([403, m.notController]);
    const noComment = await failureOf(
      issuer.call('forceTransfer', {
        body: { ...controller, fromAddress: holder(), toAddress: to, amount: '10', additionalData: '' },
      }),
    );
    expect(noComment.message).toBe(m.forceTransferComment);
    const forced = await issuer.call('forceTransfer', {
      body: {
        ...controller,
        fromAddress: holder(),
        toAddress: to,
        amount: '10',
        additionalData: 'court order',
      },
    });
    await indexed(forced.transactionHash);
    const redeemed = await issuer.call('controllerRedeem', {
      body: { ...controller, fromAddress: holder(), amount: '5', additionalData: 'lost key' },
    });
    await indexed(redeemed.transactionHash);
    const holders = await issuer.call('listHolders', {
      params: { code: 'ACME', partition: 'CLASS-A' },
      query: { sort: 'holderAddress', order: 'asc' },
    });
    const byAddress = Object.fromEntries(holders.pagedResults.map((h) => [h.holderAddress, h.balance]));
    expect(byAddress).toEqual({ [holder()]: '135', [to]: '10', [wallets.owner.address]: '25' });
    // The history counts every change over all dates, and only those inside narrower ones.
    const history = (fromTimestamp: number, toTimestamp: number) =>
      issuer.call('balanceHistory', {
        params: { code: 'ACME', address: holder(), fromTimestamp, toTimestamp },
        query: { pageSize: 1 },
      });
    const all = await issuer.call('balanceHistory', {
      params: { code: 'ACME', address: holder(), fromTimestamp: 0, toTimestamp: 4_000_000_000 },
    });
    expect(all.pagedResults.map((row) => row.delta)).toEqual(['-5', '-10', '150']);
    expect((await history(0, 4_000_000_000)).totalRows).toBe(3);
    const last = Math.max(...all.pagedResults.map((row) => row.blockTimestamp));
    const first = Math.min(...all.pagedResults.map((row) => row.blockTimestamp));
    const atLast = all.pagedResults.filter((row) => row.blockTimestamp === last).length;
    expect((await history(last, last)).totalRows).toBe(atLast);
    expect((await history(first, last)).totalRows).toBe(3);
    expect((await history(last + 1, 4_000_000_000)).totalRows).toBe(0);
    const tooMuch = await failureOf(
      issuer.call('controllerRedeem', {
        body: { ...controller, fromAddress: holder(), amount: '1000', additionalData: 'x' },
      }),
    );
    expect(tooMuch.message).toBe(m.insufficientBalance);
  });

  it('adds and removes documents as the owner only', async () => {
    const doc = { title: 'Prospectus', uri: 'https://example.com/p.pdf', hash: 'abcdef' };
    const notOwner = await failureOf(
      issuer.call('addDocument', { body: { ...base(), accountAddress: wallets.controller.address, ...doc } }),
    );
    expect([notOwner.statusCode, notOwner.message]).toEqual([403, m.notOwnerDocuments]);
    const noTitle = await failureOf(issuer.call('addDocument', { body: { ...base(), ...doc, title: '' } }));
    expect(noTitle.message).toBe(documentMessages.titleRequired);
    const added = await issuer.call('addDocument', { body: { ...base(), ...doc } });
    await indexed(added.transactionHash);
    // Sent with the spec's margin over the estimate: an update of a document mined in a later second than its
    // estimate's block needs more gas than the estimate (lastModified written anew).
    const sent = await provider.getTransaction(added.transactionHash);
    const receipt = await provider.getTransactionReceipt(added.transactionHash);
    expect(sent!.gasLimit - receipt!.gasUsed).toBeGreaterThanOrEqual(BigInt(gasMargin));
    const detail = await issuer.call('getProject', { params: { code: 'ACME' } });
    expect(detail.documents).toEqual([
      {
        id: encodeBytes32String('Prospectus'),
        title: 'Prospectus',
        uri: doc.uri,
        hash: `0x${'0'.repeat(58)}abcdef`,
      },
    ]);
    const removed = await issuer.call('removeDocument', { body: { ...base(), title: 'Prospectus' } });
    await indexed(removed.transactionHash);
    expect((await issuer.call('getProject', { params: { code: 'ACME' } })).documents).toEqual([]);
    const unknown = await failureOf(
      issuer.call('removeDocument', { body: { ...base(), title: 'Prospectus' } }),
    );
    expect([unknown.statusCode, unknown.message]).toEqual([404, m.unknownDocument]);
  });

  it('reports a paused token and refuses to issue', async () => {
    // A wallet of its own (the server's signer queue keeps the owner's nonces), with the nonce read when sending.
    const owner = token.connect(new Wallet(wallets.owner.key, provider)) as Contract;
    const send = async (method: string) => {
      const nonce = await provider.getTransactionCount(wallets.owner.address, 'latest');
      return owner.getFunction(method)({ nonce });
    };
    const paused = await send('pause');
    await indexed(paused.hash);
    expect((await issuer.call('getProject', { params: { code: 'ACME' } })).isPaused).toBe(true);
    const refused = await failureOf(
      issuer.call('issueTokens', {
        body: { ...base(), holderAddress: holder(), amount: '1', partition: 'CLASS-A', additionalData: 'x' },
      }),
    );
    expect([refused.statusCode, refused.message]).toEqual([409, m.tokenPaused]);
    const resumed = await send('unPause');
    await indexed(resumed.hash);
  });
});
