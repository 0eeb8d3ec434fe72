import type { AddressInfo } from 'node:net';
import {
  type ApiClient,
  createApiClient,
  ruleMessages as r,
  tokenOperationMessages as m,
} from '@tranche/api';
import { type DevChain, securityTokenArtifact } from '@tranche/contracts';
import {
  type Contract,
  encodeBytes32String,
  getAddress,
  Interface,
  type JsonRpcProvider,
  Wallet,
  ZeroHash,
} from 'ethers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountWithKeys,
  createTestApp,
  failureOf,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { deploySchemeAndWhitelist, deployTestToken, type DevWallets, devWallets } from '../tokens/testing.ts';
import { indexerOf } from '../../indexer/indexer.ts';
import { indexedUpTo } from './holderList.ts';

let devChain: DevChain;
let t: TestApp;
let provider: JsonRpcProvider;
let wallets: DevWallets;
let token: Contract;
let setup: Awaited<ReturnType<typeof deploySchemeAndWhitelist>>;
let issuer: ApiClient;
let stranger: ApiClient;
const common = encodeBytes32String('Common');

async function account(login: string, keys: { address: string; key: string }[]) {
  return (await accountWithKeys(t, login, keys)).jwt;
}

async function mined(hash: string) {
  const receipt = await t.ctx.chain.waitForReceipt(hash, { timeoutMs: 30_000 });
  expect(receipt?.status).toBe(1);
}

beforeAll(async () => {
  devChain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain: devChain });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  provider = testProvider(devChain);
  wallets = devWallets(provider);
  setup = await deploySchemeAndWhitelist(wallets, { verifyOwner: true });
  const client = (jwt: string) =>
    createApiClient({ baseUrl: `http://127.0.0.1:${port}`, getToken: () => jwt });
  issuer = client(await account('issuer@example.com', [wallets.owner, wallets.controller]));
  stranger = client(await account('stranger@example.com', [wallets.outsider]));
  token = await deployTestToken(t.ctx.db, wallets, setup, { symbol: 'RULE', name: 'Ruled shares' });
  const [a, b, c] = wallets.holders;
  await (
    await token.getFunction('issueByPartition(bytes32,address[],uint256[],bytes)')(
      common,
      [a!.address, b!.address, c!.address],
      [100, 100, 100],
      '0x',
    )
  ).wait();
});
afterAll(async () => {
  provider?.destroy();
  await t?.close();
  await devChain?.stop();
});

const owner = () => wallets.owner.address;

describe('rules and the pre-check', () => {
  it('sets a holder cap and a lock-up, reads them back with the holder count, and words each refusal', async () => {
    const [a, b, , d] = wallets.holders;
    const pass = await issuer.call('precheckOperation', {
      body: {
        operation: 'issue',
        symbol: 'RULE',
        accountAddress: owner(),
        holderAddress: d!.address,
        amount: '5',
        partition: 'Common',
      },
    });
    expect(pass).toEqual({ ok: true, code: '0x51', reason: r.passes });

    // txMode 1 builds the transaction for the wallet; the stranger's address may not set rules.
    const built = await issuer.call('setTokenRules', {
      body: { symbol: 'RULE', accountAddress: owner(), txMode: 1, maxHolders: 3 },
    });
    expect(built.txData).toMatchObject({ from: owner(), to: (token.target as string).toLowerCase() });
    expect(
      await failureOf(
        stranger.call('setTokenRules', {
          body: { symbol: 'RULE', accountAddress: wallets.outsider.address, txMode: 2, maxHolders: 3 },
        }),
      ),
    ).toMatchObject({ statusCode: 403, message: r.notAllowedToSetRules });
    const bad = await failureOf(
      issuer.call('setTokenRules', {
        body: {
          symbol: 'RULE',
          accountAddress: owner(),
          txMode: 2,
          countries: { mode: 'allow', list: ['Germany'] },
        },
      }),
    );
    expect(bad).toMatchObject({ statusCode: 400 });

    const set = await issuer.call('setTokenRules', {
      body: { symbol: 'RULE', accountAddress: owner(), txMode: 2, maxHolders: 3 },
    });
    await mined(set.transactionHash!);
    const lockupUntil = (await provider.getBlock('latest'))!.timestamp + 86_400;
    await mined(
      (
        await issuer.call('setTokenRules', {
          body: { symbol: 'RULE', accountAddress: owner(), txMode: 2, partition: 'Common', lockupUntil },
        })
      ).transactionHash!,
    );

    const rules = await issuer.call('getTokenRules', { params: { symbol: 'RULE' } });
    expect(rules).toMatchObject({ active: true, supported: true, token: { maxHolders: 3, holders: 3 } });
    expect(rules.partitions).toEqual([
      { partition: 'Common', rule: expect.objectContaining({ holders: 3, lockupUntil }) },
    ]);

    const fourth = await issuer.call('precheckOperation', {
      body: {
        operation: 'issue',
        symbol: 'RULE',
        accountAddress: owner(),
        holderAddress: d!.address,
        amount: '5',
        partition: 'Common',
      },
    });
    expect(fourth).toEqual({ ok: false, code: '0x57', reason: r.holderCap('issue', 'the token', 4, 3) });
    const early = await issuer.call('precheckOperation', {
      body: {
        operation: 'transfer',
        symbol: 'RULE',
        accountAddress: a!.address,
        toAddress: b!.address,
        amount: '5',
        partition: 'Common',
      },
    });
    expect(early.ok).toBe(false);
    expect(early.code).toBe('0x55');
    expect(early.reason).toContain('Partition Common is locked up until');
    // A right, not a rule: the stranger may not issue.
    const right = await issuer.call('precheckOperation', {
      body: {
        operation: 'issue',
        symbol: 'RULE',
        accountAddress: wallets.outsider.address,
        holderAddress: a!.address,
        amount: '1',
        partition: 'Common',
      },
    });
    // With the readiness line that names the missing right (issue 34).
    expect(right).toEqual({
      ok: false,
      code: '0x50',
      reason: m.notAllowedToIssue,
      readiness: [r.missingLevel2(getAddress(wallets.outsider.address), getAddress(setup.schemeAddress))],
    });
    // A forced transfer skips the lock-up, not the cap.
    const forced = await issuer.call('precheckOperation', {
      body: {
        operation: 'force',
        symbol: 'RULE',
        accountAddress: wallets.controller.address,
        fromAddress: a!.address,
        toAddress: b!.address,
        amount: '5',
      },
    });
    expect(forced.ok).toBe(true);
  });

  it('words a redemption that would leave a holder below the minimum holding, and passes one to zero', async () => {
    const [a] = wallets.holders;
    await mined(
      (
        await issuer.call('setTokenRules', {
          body: { symbol: 'RULE', accountAddress: owner(), txMode: 2, partition: 'Common', minHolding: '10' },
        })
      ).transactionHash!,
    );
    const redeem = (amount: string) =>
      issuer.call('precheckOperation', {
        body: {
          operation: 'controllerRedeem',
          symbol: 'RULE',
          accountAddress: wallets.controller.address,
          fromAddress: a!.address,
          amount,
        },
      });
    expect(await redeem('95')).toEqual({
      ok: false,
      code: '0x56',
      reason: r.belowMinimumRedeem('partition Common', '10'),
    });
    expect(await redeem('100')).toEqual({ ok: true, code: '0x51', reason: r.passes });
  });

  it('shows a count left open, words the refusal of every operation meanwhile, and a wallet completes it in one transaction', async () => {
    // The server signed with the owner's key before: its nonce manager starts from the chain again.
    wallets.owner.signer.reset();
    const counted = await deployTestToken(t.ctx.db, wallets, setup, {
      symbol: 'CNT',
      name: 'Counted shares',
    });
    const [a, b, c] = wallets.holders;
    const list = [a!, b!, c!].map((h) => h.address).sort();
    await (
      await counted.getFunction('issueByPartition(bytes32,address[],uint256[],bytes)')(
        common,
        list,
        [10, 20, 30],
        '0x',
      )
    ).wait();
    // Opened with the first holder only (as a list built before the others arrived would leave it).
    await (await counted.getFunction('setRules')(ZeroHash, 0, 0, 0, 0, 0, [], [list[0]])).wait();
    const head = Number(await provider.send('eth_blockNumber', []));
    const address = (counted.target as string).toLowerCase();
    expect(await indexedUpTo(t.ctx.db, address, head, { timeoutMs: 10_000, pollMs: 50 })).toBe(head);

    const open = await issuer.call('getTokenRules', { params: { symbol: 'CNT' } });
    expect(open).toMatchObject({
      active: false,
      counting: { counted: 1, holders: 3, jobId: null, jobState: null, error: null },
    });
    const refused = { ok: false, code: '0x54', reason: r.holdersBeingCounted };
    const transfer = {
      operation: 'transfer',
      symbol: 'CNT',
      accountAddress: list[1]!,
      toAddress: list[2]!,
      amount: '1',
      partition: 'Common',
    } as const;
    expect(await issuer.call('precheckOperation', { body: transfer })).toEqual(refused);
    expect(
      await issuer.call('precheckOperation', {
        body: { ...transfer, operation: 'issue', accountAddress: owner(), holderAddress: list[0]! },
      }),
    ).toEqual(refused);

    // The wallet's one transaction lists every holder again: the count starts over from it and completes.
    const built = await issuer.call('setTokenRules', {
      body: { symbol: 'CNT', accountAddress: owner(), txMode: 1, maxHolders: 10 },
    });
    const args = new Interface(securityTokenArtifact.abi).decodeFunctionData('setRules', built.txData!.data);
    expect((args[7] as string[]).map((h) => h.toLowerCase())).toEqual(list);
    const wallet = new Wallet(wallets.owner.key, provider);
    await mined((await wallet.sendTransaction({ to: built.txData!.to, data: built.txData!.data })).hash);
    expect(await issuer.call('getTokenRules', { params: { symbol: 'CNT' } })).toMatchObject({
      active: true,
      counting: null,
      token: { maxHolders: 10, holders: 3 },
    });
  });

  it('says before anyone signs that the signing address cannot pay the gas (issue 34: signer readiness)', async () => {
    // A holder already (the holder cap set above counts new holders only).
    const [a] = wallets.holders;
    const body = {
      operation: 'issue' as const,
      symbol: 'RULE',
      accountAddress: owner(),
      holderAddress: a!.address,
      amount: '5',
      partition: 'Common',
    };
    const held = await provider.getBalance(owner());
    await provider.send('anvil_setBalance', [owner(), '0x0']);
    try {
      const refused = await issuer.call('precheckOperation', { body });
      expect(refused.ok).toBe(false);
      expect(refused.reason).toMatch(
        new RegExp(
          `^The signing address ${owner()} holds 0\\.00 ETH, and this operation needs about [\\d.,]+ ETH for gas\\. Send ETH to that address first`,
          'i',
        ),
      );
    } finally {
      await provider.send('anvil_setBalance', [owner(), `0x${held.toString(16)}`]);
    }
    expect(await issuer.call('precheckOperation', { body })).toEqual({
      ok: true,
      code: '0x51',
      reason: r.passes,
    });
  });

  it('refuses bad input with 400, never 500', async () => {
    const failure = await failureOf(
      issuer.call('precheckOperation', { body: { operation: 'teleport', symbol: 'RULE' } as never }),
    );
    expect(failure).toMatchObject({ statusCode: 400 });
  });

  // Last in this file: it stops the app's indexer.
  it('a token the indexer has not read yet answers 503 in words, not 500', async () => {
    // The state an indexer leaves a newly deployed token in before its first read: a cursor below the deployment.
    await indexerOf(t.app)?.stop();
    const before = await provider.getBlockNumber();
    wallets.owner.signer.reset();
    const fresh = await deployTestToken(t.ctx.db, wallets, setup, { symbol: 'FRESH', name: 'Not read yet' });
    const address = (fresh.target as string).toLowerCase();
    await t.ctx.db.execute(sql`insert into indexer_cursors (contract_address, kind, last_block)
      values (${address}, 'token', ${before}) on conflict (contract_address) do update set last_block = ${before}`);
    const answer = await failureOf(
      issuer.call('setTokenRules', {
        body: { symbol: 'FRESH', accountAddress: owner(), txMode: 1, maxHolders: 3 },
      }),
    );
    expect(answer).toMatchObject({ statusCode: 503, message: r.indexerBehind });
  });
});
