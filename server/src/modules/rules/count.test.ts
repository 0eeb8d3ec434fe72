import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiError, type ApiClient, createApiClient, ruleMessages as r, type TokenRules } from '@tranche/api';
import {
  type DevChain,
  issueBatchSize,
  securityTokenArtifact,
  startDevChain,
  whitelistBatchSize,
} from '@tranche/contracts';
import {
  type Contract,
  encodeBytes32String,
  getAddress,
  Interface,
  id,
  JsonRpcProvider,
  keccak256,
  toUtf8Bytes,
  ZeroHash,
} from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { failureOf } from '../../../test/helpers.ts';
import { openDatabase } from '../../db/database.ts';
import { crashPoints } from '../../jobs/crashPoints.ts';
import { type CrashHarness, crashHarness, killCrashServers } from '../../jobs/crashTesting.ts';
import { deploySchemeAndWhitelist, deployTestToken, type DevWallets, devWallets } from '../tokens/testing.ts';
import { latestCountJob } from './repository.ts';

/**
 * Switching rules on for a live token of 1,500 holders (issue 22): more than one transaction may count here
 * (RULES_COUNT_BATCH_SIZE=500), so the server's job counts them in batches. The real server runs in its own process
 * on an on-disk PGlite and a chain that outlives it; it is stopped after every batch it settles (TRANCHE_CRASH_AT)
 * and started again. The chain must end with every holder counted once: the token's and each partition's counts
 * are the true ones, and the countHolders transactions on the chain list each holder exactly once.
 */

const symbol = 'COUNT';
const holderCount = 1500;
const preferredHolders = 500;
const batchSize = 500;
const common = encodeBytes32String('Common');
const preferred = encodeBytes32String('Preferred');
let chain: DevChain;
let provider: JsonRpcProvider;
let wallets: DevWallets;
let token: Contract;
let dataDir: string;
let harness: CrashHarness;
let holders: string[];
let startBlock: number;
let setup: Awaited<ReturnType<typeof deploySchemeAndWhitelist>>;
const tokenAbi = new Interface(securityTokenArtifact.abi);

const client = (): ApiClient => {
  const { url, token: session } = harness.server;
  return createApiClient({ baseUrl: url, getToken: () => session });
};
const counted = async (scope: string) => Number((await token.getFunction('rulesOf')(scope))[0][1]);
const rulesActive = async () => (await token.getFunction('rulesActive')()) as boolean;
const countingOpen = async () => ((await token.getFunction('holderCountingState')()) as [boolean, string])[0];
/** Deterministic full-entropy addresses that hold no keys. */
const holderAddress = (seed: string | number) =>
  getAddress(`0x${keccak256(toUtf8Bytes(`count:${seed}`)).slice(26)}`).toLowerCase();

/** The calls made to `contract` after block `from`, each mined successfully, with the holders each lists. */
async function callsTo(contract: Contract, from: number): Promise<{ name: string; holders: string[] }[]> {
  const address = (contract.target as string).toLowerCase();
  const calls: { name: string; holders: string[] }[] = [];
  for (let block = from + 1; block <= (await provider.getBlockNumber()); block += 1) {
    for (const tx of (await provider.getBlock(block, true))!.prefetchedTransactions) {
      if (tx.to?.toLowerCase() !== address) continue;
      const parsed = tokenAbi.parseTransaction(tx);
      const receipt = await provider.getTransactionReceipt(tx.hash);
      expect(receipt?.status, `${parsed?.name} in block ${block}`).toBe(1);
      const list = parsed?.name === 'countHolders' ? parsed.args[0] : parsed?.args[7];
      calls.push({ name: parsed!.name, holders: (list as string[]).map((a) => a.toLowerCase()) });
    }
  }
  return calls;
}

/** Issues `amountOf(i)` of `partition` to each of `addresses`, in big batches, verifying them first unless told. */
async function issueTo(
  contract: Contract,
  partition: string,
  addresses: string[],
  amountOf: (i: number) => bigint,
  { verified = false } = {},
) {
  const verify = whitelistBatchSize();
  for (let i = 0; i < (verified ? 0 : addresses.length); i += verify) {
    const chunk = addresses.slice(i, i + verify);
    await (
      await setup.whitelist.getFunction('addVerifiedBatch')(
        chunk,
        chunk.map((a) => id(a)),
      )
    ).wait();
  }
  const issue = contract.getFunction('issueByPartition(bytes32,address[],uint256[],bytes)');
  const size = issueBatchSize();
  for (let i = 0; i < addresses.length; i += size) {
    const chunk = addresses.slice(i, i + size);
    await (
      await issue(
        partition,
        chunk,
        chunk.map((_, k) => amountOf(i + k)),
        '0x',
      )
    ).wait();
  }
}

/** Reads the rules until they are on (the job's last restart settles what it left). */
/** `call`, again while it answers 503 'the indexer has not caught up' (as a client is told to), for up to 60 s. */
async function onceIndexed<T>(call: () => Promise<T>): Promise<T> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      const behind =
        error instanceof ApiError && error.statusCode === 503 && error.message === r.indexerBehind;
      if (!behind || Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function rulesOnceActive(api: () => ApiClient, symbolOf: string): Promise<TokenRules | undefined> {
  let rules: TokenRules | undefined;
  for (let i = 0; i < 300; i += 1) {
    rules = await api().call('getTokenRules', { params: { symbol: symbolOf } });
    if (rules.active && rules.counting === null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return rules;
}

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  provider = new JsonRpcProvider(chain.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  wallets = devWallets(provider);
  dataDir = mkdtempSync(path.join(tmpdir(), 'tranche-count-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  setup = await deploySchemeAndWhitelist(wallets);
  token = await deployTestToken(database.db, wallets, setup, { symbol, name: 'Counted Co' });
  await database.close();
  holders = Array.from({ length: holderCount }, (_, i) => holderAddress(i));
  // 1,500 holders of Common, the first 500 also of Preferred.
  await issueTo(token, common, holders, (i) => BigInt(i + 1));
  await issueTo(token, preferred, holders.slice(0, preferredHolders), () => 7n, { verified: true });
  startBlock = await provider.getBlockNumber();
  harness = crashHarness(dataDir, chain.rpcUrl, { RULES_COUNT_BATCH_SIZE: String(batchSize) });
}, 300_000);

afterAll(async () => {
  killCrashServers();
  provider?.destroy();
  await chain?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('switches rules on for a live token of 1,500 holders in batches, stopped after every batch, nobody counted twice', async () => {
  await harness.start();
  const owner = wallets.owner.address;
  // A wallet signs one transaction: it cannot carry this count, and says so (once the new server's indexer has read
  // the token: until then the answer is 503, try again in a moment).
  expect(
    await failureOf(
      onceIndexed(() =>
        client().call('setTokenRules', {
          body: { symbol, accountAddress: owner, txMode: 1, maxHolders: 5000 },
        }),
      ),
    ),
  ).toMatchObject({ statusCode: 409, message: r.countingNeedsKey(holderCount) });

  // The registered key: a job. The server stops after each batch it settles and is started again.
  let dying = await harness.start({ TRANCHE_CRASH_AT: 'rules:settled' });
  const { jobId } = await client().call('setTokenRules', {
    body: { symbol, accountAddress: owner, txMode: 2, maxHolders: 5000 },
  });
  expect(jobId).toBeGreaterThan(0);
  const seen: number[] = [];
  for (let round = 0; round < 6; round += 1) {
    expect(await dying.exited).toBe(86);
    if (await rulesActive()) break;
    // Between batches: the count is open, balances are frozen, whole batches are counted.
    expect(await countingOpen()).toBe(true);
    seen.push(await counted(ZeroHash));
    dying = await harness.start({ TRANCHE_CRASH_AT: 'rules:settled' });
    // While the job runs on, the rules read says how far the count is, and every operation is refused in words.
    const rules = await client().call('getTokenRules', { params: { symbol } });
    if (!rules.active) {
      expect(rules.counting).toMatchObject({ holders: holderCount, jobId });
      expect(rules.counting!.counted % batchSize).toBe(0);
      expect(rules.counting!.counted).toBeGreaterThanOrEqual(seen[seen.length - 1]!);
      const refused = await client().call('precheckOperation', {
        body: {
          operation: 'issue',
          symbol,
          accountAddress: owner,
          holderAddress: holders[0]!,
          amount: '1',
          partition: 'Common',
        },
      });
      expect(refused).toEqual({ ok: false, code: '0x54', reason: r.holdersBeingCounted });
    }
  }
  expect(seen).toEqual([batchSize, 2 * batchSize]);

  // Done after the last restart: rules on, the counts are the true ones.
  await harness.start();
  const rules = await rulesOnceActive(client, symbol);
  expect(rules).toMatchObject({
    active: true,
    counting: null,
    token: { maxHolders: 5000, holders: holderCount },
  });
  expect(rules!.partitions).toEqual([
    { partition: 'Common', rule: expect.objectContaining({ holders: holderCount }) },
    { partition: 'Preferred', rule: expect.objectContaining({ holders: preferredHolders }) },
  ]);
  expect([await counted(ZeroHash), await counted(common), await counted(preferred)]).toEqual([
    holderCount,
    holderCount,
    preferredHolders,
  ]);

  // What the chain holds: one setRules, then countHolders batches that list each holder exactly once, ascending.
  const calls = await callsTo(token, startBlock);
  expect(calls.map((c) => c.name)).toEqual(['setRules', 'countHolders', 'countHolders', 'countHolders']);
  expect(calls[0]!.holders).toEqual([]);
  const listed = calls.flatMap((c) => c.holders);
  expect(listed).toEqual([...holders].sort());
  expect(calls.slice(1).map((c) => c.holders.length)).toEqual([batchSize, batchSize, batchSize]);

  // The job is done, and its batches were each recorded once.
  harness.server.child.kill('SIGTERM');
  await harness.server.exited;
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const job = await latestCountJob(database.db, (token.target as string).toLowerCase());
    expect(job).toMatchObject({ id: jobId, state: 'done', progress: { lastBatch: 3, inFlight: null } });
  } finally {
    await database.close();
  }
}, 240_000);

it('at every other crash point of the count, each holder is counted exactly once', async () => {
  if (harness.server.child.exitCode === null) harness.server.child.kill('SIGTERM');
  await harness.server.exited;
  const small = crashHarness(dataDir, chain.rpcUrl, { RULES_COUNT_BATCH_SIZE: '5' });
  const smallClient = (): ApiClient => {
    const { url, token: session } = small.server;
    return createApiClient({ baseUrl: url, getToken: () => session });
  };
  for (const [n, point] of crashPoints.rules.filter((p) => p !== 'rules:settled').entries()) {
    // A token of 12 holders, written while no server runs (the data dir is one process's).
    const pointSymbol = `CNT${n}`;
    wallets.owner.signer.reset();
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const contract = await deployTestToken(database.db, wallets, setup, { symbol: pointSymbol, name: point });
    await database.close();
    const twelve = Array.from({ length: 12 }, (_, i) => holderAddress(`${point}:${i}`));
    await issueTo(contract, common, twelve, (i) => BigInt(10 + i));
    const from = await provider.getBlockNumber();

    const outcome = await small.crashAt(point, () =>
      smallClient().call('setTokenRules', {
        body: { symbol: pointSymbol, accountAddress: wallets.owner.address, txMode: 2, maxHolders: 20 },
      }),
    );
    const rules = await rulesOnceActive(smallClient, pointSymbol);
    expect(rules, `${point} (${outcome})`).toMatchObject({
      active: true,
      token: { maxHolders: 20, holders: 12 },
    });
    const calls = await callsTo(contract, from);
    expect(
      calls.map((c) => c.name),
      point,
    ).toEqual(['setRules', 'countHolders', 'countHolders', 'countHolders']);
    expect(
      calls.flatMap((c) => c.holders),
      point,
    ).toEqual([...twelve].sort());
    small.server.child.kill('SIGTERM');
    await small.server.exited;
  }
}, 300_000);

it('requests at once queue one count: the others are told it is underway or set the rules beside it', async () => {
  if (harness.server.child.exitCode === null) harness.server.child.kill('SIGTERM');
  await harness.server.exited;
  const small = crashHarness(dataDir, chain.rpcUrl, { RULES_COUNT_BATCH_SIZE: '5' });
  wallets.owner.signer.reset();
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const contract = await deployTestToken(database.db, wallets, setup, {
    symbol: 'ONCE',
    name: 'Counted once',
  });
  await database.close();
  const twelve = Array.from({ length: 12 }, (_, i) => holderAddress(`once:${i}`));
  await issueTo(contract, common, twelve, (i) => BigInt(10 + i));
  const from = await provider.getBlockNumber();
  await small.start();
  const smallClient = (): ApiClient => {
    const { url, token: session } = small.server;
    return createApiClient({ baseUrl: url, getToken: () => session });
  };
  const body = { symbol: 'ONCE', accountAddress: wallets.owner.address, txMode: 2 as const, maxHolders: 20 };
  // The wallet's answer once the indexer has read the token: 12 holders are more than a batch of 5 here.
  expect(
    await failureOf(onceIndexed(() => smallClient().call('setTokenRules', { body: { ...body, txMode: 1 } }))),
  ).toMatchObject({ statusCode: 409, message: r.countingNeedsKey(12) });
  const answers = await Promise.all(
    Array.from({ length: 4 }, () =>
      smallClient()
        .call('setTokenRules', { body })
        .catch((error: unknown) => failureOf(Promise.reject(error))),
    ),
  );
  // One count job; a request that found it underway either sets the rules in one transaction beside it (the
  // count goes on) or, when both were about to queue one, is refused in words.
  const jobs = answers.filter((answer) => 'jobId' in answer);
  expect(jobs, JSON.stringify(answers)).toHaveLength(1);
  for (const answer of answers.filter((a) => !('jobId' in a))) {
    if ('statusCode' in answer)
      expect(answer).toMatchObject({ statusCode: 409, message: r.countingUnderway });
    else expect(answer).toHaveProperty('transactionHash');
  }
  expect(await rulesOnceActive(smallClient, 'ONCE')).toMatchObject({
    active: true,
    token: { maxHolders: 20, holders: 12 },
  });
  const counts = (await callsTo(contract, from)).filter((call) => call.holders.length > 0);
  expect(counts.flatMap((call) => call.holders)).toEqual([...twelve].sort());
  small.server.child.kill('SIGTERM');
  await small.server.exited;
}, 120_000);
