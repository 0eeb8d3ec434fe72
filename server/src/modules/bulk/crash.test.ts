import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type ApiClient,
  type BulkJob,
  type BulkRowInput,
  bulkOperationMessages as b,
  createApiClient,
  ruleMessages as r,
  tokenOperationMessages as m,
} from '@tranche/api';
import { type DevChain, gasMargin, startDevChain, txGasCap, whitelistBatchSize } from '@tranche/contracts';
import { type Contract, encodeBytes32String, id, JsonRpcProvider, Wallet, ZeroHash } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { crashPoints } from '../../jobs/crashPoints.ts';
import { type CrashServer, killCrashServers, startCrashServer } from '../../jobs/crashTesting.ts';
import { deploySchemeAndWhitelist, deployTestToken, type DevWallets, devWallets } from '../tokens/testing.ts';

/**
 * Bulk operations on a live token (issue 22), on the real server in its own process (an on-disk PGlite, a chain that
 * outlives it): stopped at each named crash point (TRANCHE_CRASH_AT) and started again, every holder ends with
 * exactly their amount on-chain: nobody issued twice, nobody skipped.
 */

const symbol = 'BULK';
const maxHolding = 10_000n;
const partition = 'bulk';
let chain: DevChain;
let provider: JsonRpcProvider;
let wallets: DevWallets;
let token: Contract;
let whitelist: Contract;
let dataDir: string;
let server: CrashServer | undefined;
const table: { point: string; rows: number; exit: number | null; transactions: number; balances: string }[] =
  [];

const client = (): ApiClient => {
  const running = server as CrashServer;
  return createApiClient({ baseUrl: running.url, getToken: () => running.token });
};

async function start(env: Record<string, string> = {}) {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  server = await startCrashServer(dataDir, chain.rpcUrl, env);
}

/** The owner's key without a cached nonce (the server signs with the same key between the test's transactions). */
const asOwner = (contract: Contract) => contract.connect(new Wallet(wallets.owner.key, provider)) as Contract;

async function verify(addresses: string[]) {
  const size = whitelistBatchSize();
  for (let i = 0; i < addresses.length; i += size) {
    const chunk = addresses.slice(i, i + size);
    await (
      await asOwner(whitelist).getFunction('addVerifiedBatch')(
        chunk,
        chunk.map((a) => id(a)),
      )
    ).wait();
  }
}

const fresh = (n: number) => Array.from({ length: n }, () => Wallet.createRandom().address.toLowerCase());

async function finished(jobId: number): Promise<BulkJob> {
  for (let i = 0; i < 1200; i += 1) {
    const job = await client().call('getBulk', { params: { jobId: String(jobId) } });
    if (job.state === 'done' || job.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`bulk job ${jobId} did not finish`);
}

/** Starts a bulk issue on a server that stops at `point`, then runs it to its end on a restarted server. */
async function issueThroughCrash(point: string, rows: BulkRowInput[], env: Record<string, string> = {}) {
  await start({ ...env, TRANCHE_CRASH_AT: point });
  const dying = server as CrashServer;
  const { jobId } = await client().call('startBulk', {
    body: { symbol, operation: 'issue', accountAddress: wallets.owner.address, rows },
  });
  const exit = await dying.exited;
  await start(env);
  return { exit, job: await finished(jobId) };
}

const balanceOf = async (address: string) => (await token.getFunction('balanceOf')(address)) as bigint;

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  provider = new JsonRpcProvider(chain.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  wallets = devWallets(provider);
  dataDir = mkdtempSync(path.join(tmpdir(), 'tranche-bulk-crash-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const setup = await deploySchemeAndWhitelist(wallets);
  whitelist = setup.whitelist;
  token = await deployTestToken(database.db, wallets, setup, { symbol, name: 'Bulk Co' });
  await database.close();
  // A rule: nobody may hold more than 10,000 (two rows of the big bulk ask for more).
  await (await token.getFunction('setRules')(ZeroHash, 0, 0, 0, maxHolding, 0, [], [])).wait();
}, 300_000);

afterAll(async () => {
  killCrashServers();
  console.log('\nBulk issue: crash points and outcomes');
  console.table(table);
  provider?.destroy();
  await chain?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('bulk issue of 1,000 rows, 3 bad and 2 refused by a rule, stopped after its first broadcast: the 995 others issued once each in as few transactions as the gas cap allows', async () => {
  const addresses = fresh(1000);
  await verify(addresses);
  const amountOf = (i: number) => BigInt(100 + i);
  const rows: BulkRowInput[] = addresses.map((address, i) => ({
    address,
    amount: String(amountOf(i)),
    partition,
  }));
  rows[9] = { ...rows[9], address: 'not-an-address' };
  rows[19] = { ...rows[19], amount: '0' };
  rows[29] = { ...rows[29], amount: 'ten' };
  rows[499] = { ...rows[499], amount: '20000' };
  rows[899] = { ...rows[899], amount: '10001' };
  const { exit, job } = await issueThroughCrash('bulk:broadcast', rows);
  expect(exit).toBe(86);
  expect(job.state).toBe('done');
  expect(job.done).toBe(995);
  expect(job.failed).toBe(5);
  const tooMuch = r.aboveMaximum(r.tokenScope, maxHolding.toString());
  expect(job.rows.filter((row) => row.status === 'failed').map((row) => row.reason)).toEqual([
    b.addressInvalid(10),
    b.amount(20, m.amountTooLow),
    b.amount(30, m.amountInvalid),
    b.refused(500, tooMuch),
    b.refused(900, tooMuch),
  ]);

  // On-chain: every good row holds exactly its amount (none twice), the others nothing.
  const failedRows = new Set([10, 20, 30, 500, 900]);
  let supply = 0n;
  for (const [i, address] of addresses.entries()) {
    const expected = failedRows.has(i + 1) ? 0n : amountOf(i);
    expect(await balanceOf(address), `row ${i + 1}`).toBe(expected);
    supply += expected;
  }
  expect((await token.getFunction('totalSupply')()) as bigint).toBe(supply);

  // As few transactions as the cap allows: every batch but the last fills the cap's room to within 3%.
  const hashes = [...new Set(job.rows.flatMap((row) => (row.transactionHash ? [row.transactionHash] : [])))];
  const receipts = await Promise.all(hashes.map((hash) => provider.getTransactionReceipt(hash)));
  const byBlock = receipts.map((receipt) => receipt!).sort((x, y) => x.blockNumber - y.blockNumber);
  expect(job.transactions).toBe(hashes.length);
  expect(hashes.length).toBeGreaterThanOrEqual(2);
  for (const receipt of byBlock.slice(0, -1)) {
    expect(receipt.status).toBe(1);
    expect(Number(receipt.gasUsed)).toBeGreaterThan((txGasCap - gasMargin) * 0.97 - 100_000);
    expect(Number(receipt.gasUsed)).toBeLessThanOrEqual(txGasCap);
  }
  table.push({
    point: 'bulk:broadcast',
    rows: 1000,
    exit,
    transactions: hashes.length,
    balances: `${995} issued once, 5 refused`,
  });
}, 900_000);

it('at every other crash point of a bulk issue, each holder is issued exactly once', async () => {
  for (const point of crashPoints.bulk.filter((p) => p !== 'bulk:broadcast')) {
    const addresses = fresh(12);
    await verify(addresses);
    const rows = addresses.map((address, i) => ({ address, amount: String(1000 + i), partition }));
    const { exit, job } = await issueThroughCrash(point, rows, { BULK_BATCH_SIZE: '5' });
    expect(exit, point).toBe(86);
    expect(job.state, point).toBe('done');
    expect(job.done, point).toBe(12);
    for (const [i, address] of addresses.entries()) {
      expect(await balanceOf(address), `${point} row ${i + 1}`).toBe(BigInt(1000 + i));
    }
    expect(job.transactions, point).toBe(3);
    table.push({ point, rows: 12, exit, transactions: job.transactions, balances: '12 issued once' });
  }
}, 900_000);

it('a bulk forced transfer stopped after a broadcast moves each row once, from the named partition', async () => {
  const [from] = fresh(1);
  const receivers = fresh(6);
  await verify([from as string, ...receivers]);
  await (
    await asOwner(token).getFunction('issueByPartition(bytes32,address,uint256,bytes)')(
      encodeBytes32String(partition),
      from,
      6000n,
      '0x',
    )
  ).wait();
  await start({ TRANCHE_CRASH_AT: 'bulk:broadcast' });
  const dying = server as CrashServer;
  const rows = receivers.map((address, i) => ({
    address,
    fromAddress: from,
    amount: String(100 * (i + 1)),
    partition,
  }));
  const { jobId } = await createApiClient({ baseUrl: dying.url, getToken: () => dying.token }).call(
    'startBulk',
    {
      body: { symbol, operation: 'force', accountAddress: wallets.controller.address, rows },
    },
  );
  expect(await dying.exited).toBe(86);
  await start();
  const job = await finished(jobId);
  expect(job.done).toBe(6);
  for (const [i, address] of receivers.entries())
    expect(await balanceOf(address)).toBe(BigInt(100 * (i + 1)));
  expect(await balanceOf(from as string)).toBe(6000n - 2100n);
  expect(job.transactions).toBe(6);
}, 600_000);
