import { devAccountKeys, type DevChain, startDevChain } from '@tranche/contracts';
import { asc, eq } from 'drizzle-orm';
import { keccak256, Transaction, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { liveRow, sendDurably, signAndRecord } from '../jobs/durableTransaction.ts';
import { jobs, jobTransactions } from '../jobs/schema.ts';
import { type ChainService, createChainService } from './chainService.ts';
import { replacementFees, sweepOpenTransactions } from './reconcile.ts';

let chain: DevChain;
let database: DatabaseHandle;
let service: ChainService;
const gwei = 1_000_000_000n;

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  database = await createTestDatabase('pglite');
  service = createChainService({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    local: true,
    maxFeeGwei: 50,
    stuckAfterMs: 1000,
  });
  service.attachDatabase(database.db);
});
afterAll(async () => {
  service?.close();
  await database?.close();
  await chain?.stop();
});

const rowsOf = (from: string) =>
  database.db.select().from(jobTransactions).where(eq(jobTransactions.fromAddress, from.toLowerCase()));

// Init code of a contract whose every call reverts (runtime: PUSH1 0 PUSH1 0 REVERT).
const revertingInitCode = '0x6460006000fd6000526005601bf3';

describe('plain sends are settled', () => {
  it('marks a mined send mined, a reverted one reverted and one whose nonce another transaction took dropped', async () => {
    const key = devAccountKeys[8] as string;
    const wallet = new Wallet(key, service.provider);
    const paid = await service.send(key, { to: Wallet.createRandom().address, value: 5n });
    const deployed = await service.waitForReceipt(
      (await service.send(key, { data: revertingInitCode })).hash,
    );
    const reverting = await service.send(key, { to: deployed.contractAddress as string, gasLimit: 50_000n });
    expect((await service.waitForReceipt(reverting.hash)).status).toBe(0);
    // Recorded but never broadcast; the same key then signs that nonce elsewhere (a browser wallet).
    const nonce = await service.provider.getTransactionCount(wallet.address, 'pending');
    const raw = await wallet.signTransaction({
      to: wallet.address,
      value: 1n,
      nonce,
      gasLimit: 21_000n,
      gasPrice: gwei,
      chainId: chain.chainId,
    });
    await database.db.insert(jobTransactions).values({
      jobId: null,
      stepKey: 'send',
      fromAddress: wallet.address.toLowerCase(),
      nonce,
      hash: keccak256(raw),
      raw,
    });
    await (await wallet.sendTransaction({ to: wallet.address, value: 2n, nonce, gasPrice: gwei })).wait();
    expect((await rowsOf(wallet.address)).map((row) => row.state)).toEqual([
      'signed',
      'signed',
      'signed',
      'signed',
    ]);

    await sweepOpenTransactions(database.db, service.provider);
    const rows = await rowsOf(wallet.address);
    expect(rows.map((row) => [row.hash, row.state])).toEqual([
      [paid.hash, 'mined'],
      [deployed.hash, 'mined'],
      [reverting.hash, 'reverted'],
      [keccak256(raw), 'dropped'],
    ]);
    const paidReceipt = await service.provider.getTransactionReceipt(paid.hash);
    expect([rows[0]?.blockNumber, rows[0]?.gasUsed]).toEqual([paidReceipt?.blockNumber, 21_000]);
    expect(rows[1]?.contractAddress).toBe(deployed.contractAddress?.toLowerCase());
    expect(rows[3]?.error).toBe('nonce used by another transaction');
  });
});

describe('a send stuck under too low a fee', () => {
  it('is replaced at its nonce with +10% at least on both fees, and exactly one transaction is mined there', async () => {
    const key = devAccountKeys[9] as string;
    const from = new Wallet(key).address;
    const startBlock = await service.blockNumber();
    await service.provider.send('evm_setAutomine', [false]);
    const low = { type: 2, maxFeePerGas: 2n * gwei, maxPriorityFeePerGas: gwei };
    const stuck = await service.send(key, { to: Wallet.createRandom().address, value: 7n, ...low });
    // The chain's base fee jumps to 10 gwei: the 2 gwei transaction cannot enter the next block.
    await service.provider.send('anvil_setNextBlockBaseFeePerGas', [`0x${(10n * gwei).toString(16)}`]);
    const waiting = service.waitForReceipt(stuck.hash, { privateKey: key, timeoutMs: 60_000 });
    // The waiting sender replaces it (a second row at the same nonce); then the chain makes its next block.
    for (let i = 0; i < 300 && (await rowsOf(from)).length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await service.provider.getTransactionReceipt(stuck.hash)).toBeNull();
    await service.provider.send('evm_mine', []);
    await service.provider.send('evm_setAutomine', [true]);
    const receipt = await waiting;
    expect(receipt.status).toBe(1);
    expect(receipt.hash).not.toBe(stuck.hash);
    const replacement = await service.provider.getTransaction(receipt.hash);
    expect(replacement?.nonce).toBe(stuck.nonce);
    expect(replacement?.value).toBe(7n);
    expect(replacement?.maxFeePerGas).toBeGreaterThanOrEqual((low.maxFeePerGas * 110n) / 100n);
    expect(replacement?.maxPriorityFeePerGas).toBeGreaterThanOrEqual(
      (low.maxPriorityFeePerGas * 110n) / 100n,
    );
    expect(replacement?.maxFeePerGas).toBeLessThanOrEqual(50n * gwei);

    // The chain: exactly one transaction of this key at that nonce, and the original never mined.
    const head = await service.blockNumber();
    let atNonce = 0;
    for (let n = startBlock + 1; n <= head; n += 1) {
      const block = await service.provider.getBlock(n, true);
      for (const tx of block?.prefetchedTransactions ?? []) {
        if (tx.from === from && tx.nonce === stuck.nonce) atNonce += 1;
      }
    }
    expect(atNonce).toBe(1);
    expect(await service.provider.getTransactionReceipt(stuck.hash)).toBeNull();
    await sweepOpenTransactions(database.db, service.provider);
    expect((await rowsOf(from)).map((row) => [row.hash, row.nonce, row.state])).toEqual([
      [stuck.hash, stuck.nonce, 'dropped'],
      [receipt.hash, stuck.nonce, 'mined'],
    ]);
  });

  it('nobody waits for (an operation answered with its hash): the sweep replaces it once it is stuck', async () => {
    const key = devAccountKeys[4] as string;
    const from = new Wallet(key).address;
    const told: { dropped: string; mined: string }[] = [];
    const replace = {
      keyFor: async (address: string) => (address === from.toLowerCase() ? key : undefined),
      fees: service.fees,
      ceiling: 50n * gwei,
      stuckAfterMs: 1000,
      onReplaced: async (replaced: { dropped: string; mined: string }[]) => {
        told.push(...replaced);
      },
    };
    // The test before left the base fee near 10 gwei: a block at 1 gwei first, so that a 2 gwei send enters the pool.
    await service.provider.send('anvil_setNextBlockBaseFeePerGas', [`0x${gwei.toString(16)}`]);
    await service.provider.send('evm_mine', []);
    await service.provider.send('evm_setAutomine', [false]);
    const low = { type: 2, maxFeePerGas: 2n * gwei, maxPriorityFeePerGas: gwei };
    const stuck = await service.send(key, { to: Wallet.createRandom().address, value: 9n, ...low });
    await service.provider.send('anvil_setNextBlockBaseFeePerGas', [`0x${(10n * gwei).toString(16)}`]);
    // Not stuck long enough yet: nothing replaced.
    await sweepOpenTransactions(database.db, service.provider, replace);
    expect(await rowsOf(from)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await sweepOpenTransactions(database.db, service.provider, replace);
    // One replacement at the same nonce; the next pass finds it too new to replace again.
    await sweepOpenTransactions(database.db, service.provider, replace);
    const rows = await rowsOf(from);
    expect(rows.map((row) => [row.nonce, row.state])).toEqual([
      [stuck.nonce, 'signed'],
      [stuck.nonce, 'signed'],
    ]);
    const replacementHash = rows[1]?.hash as string;
    const replacement = await service.provider.getTransaction(replacementHash);
    expect(replacement?.value).toBe(9n);
    expect(replacement?.maxFeePerGas).toBeGreaterThanOrEqual(10n * gwei);
    expect(replacement?.maxFeePerGas).toBeLessThanOrEqual(50n * gwei);
    await service.provider.send('evm_mine', []);
    await service.provider.send('evm_setAutomine', [true]);
    expect((await service.provider.getTransactionReceipt(replacementHash))?.status).toBe(1);
    expect(await service.provider.getTransactionReceipt(stuck.hash)).toBeNull();
    await sweepOpenTransactions(database.db, service.provider, replace);
    expect((await rowsOf(from)).map((row) => [row.hash, row.state])).toEqual([
      [stuck.hash, 'dropped'],
      [replacementHash, 'mined'],
    ]);
    // The app is told, once, so that the caller's records follow the hash that was mined.
    expect(told).toEqual([{ dropped: stuck.hash, mined: replacementHash }]);
    await sweepOpenTransactions(database.db, service.provider, replace);
    expect(told).toHaveLength(1);
  });

  it('is not replaced past MAX_FEE_GWEI, nor when the chain does not ask more than it offers', () => {
    const old = Transaction.from({
      type: 2,
      chainId: 31337,
      nonce: 0,
      gasLimit: 21_000n,
      maxFeePerGas: 2n * gwei,
      maxPriorityFeePerGas: gwei,
    });
    const asked = { type: 2 as const, maxFeePerGas: 18n * gwei, maxPriorityFeePerGas: gwei };
    expect(replacementFees(old, asked, 50n * gwei)).toEqual({
      type: 2,
      maxFeePerGas: 18n * gwei,
      maxPriorityFeePerGas: (gwei * 110n) / 100n,
    });
    expect(replacementFees(old, asked, 10n * gwei)).toBeUndefined();
    expect(replacementFees(old, { ...asked, maxFeePerGas: 2n * gwei }, 50n * gwei)).toBeUndefined();
  });
});

describe("a durable job's transaction stuck under too low a fee", () => {
  const stepRows = (jobId: number) =>
    database.db
      .select()
      .from(jobTransactions)
      .where(eq(jobTransactions.jobId, jobId))
      .orderBy(asc(jobTransactions.id));
  const newJob = async () => {
    const [job] = await database.db.insert(jobs).values({ kind: 'test.replacement' }).returning();
    if (!job) throw new Error('no job row');
    return job.id;
  };
  /** The transactions of `from` at `nonce` in the blocks after `startBlock`. */
  const minedAtNonce = async (from: string, nonce: number, startBlock: number) => {
    const hashes: string[] = [];
    const head = await service.blockNumber();
    for (let n = startBlock + 1; n <= head; n += 1) {
      const block = await service.provider.getBlock(n, true);
      for (const tx of block?.prefetchedTransactions ?? []) {
        if (tx.from === from && tx.nonce === nonce) hashes.push(tx.hash);
      }
    }
    return hashes;
  };
  const lowBaseFee = async () => {
    // A low base fee for the first signing (earlier tests left it near 10 gwei).
    await service.provider.send('anvil_setNextBlockBaseFeePerGas', [`0x${gwei.toString(16)}`]);
    await service.provider.send('evm_mine', []);
  };

  it('is replaced at its nonce (+10% at least, under MAX_FEE_GWEI); the step settles once, on the replacement', async () => {
    const key = devAccountKeys[6] as string;
    const from = new Wallet(key).address;
    const to = Wallet.createRandom().address;
    const jobId = await newJob();
    await lowBaseFee();
    const startBlock = await service.blockNumber();
    await service.provider.send('evm_setAutomine', [false]);
    const sending = sendDurably({
      db: database.db,
      provider: service.provider,
      jobId,
      stepKey: 'pay',
      privateKey: key,
      transaction: { to, value: 7n },
      pollMs: 50,
    });
    for (let i = 0; i < 100 && (await stepRows(jobId)).length < 1; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [original] = await stepRows(jobId);
    if (!original) throw new Error('the step recorded no transaction');
    const offered = Transaction.from(original.raw);
    // The chain's next base fee is above what the transaction offers: it cannot enter the next block.
    const nextBase = (offered.maxFeePerGas ?? 0n) + gwei;
    await service.provider.send('anvil_setNextBlockBaseFeePerGas', [`0x${nextBase.toString(16)}`]);
    for (let i = 0; i < 300 && (await stepRows(jobId)).length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await service.provider.getTransactionReceipt(original.hash)).toBeNull();
    await service.provider.send('evm_mine', []);
    await service.provider.send('evm_setAutomine', [true]);
    const { receipt, row } = await sending;

    expect(receipt.status).toBe(1);
    expect(receipt.hash).not.toBe(original.hash);
    const replacement = await service.provider.getTransaction(receipt.hash);
    expect([replacement?.nonce, replacement?.to, replacement?.value]).toEqual([original.nonce, to, 7n]);
    expect(replacement?.maxFeePerGas).toBeGreaterThanOrEqual(((offered.maxFeePerGas ?? 0n) * 110n) / 100n);
    expect(replacement?.maxPriorityFeePerGas).toBeGreaterThanOrEqual(
      ((offered.maxPriorityFeePerGas ?? 0n) * 110n) / 100n,
    );
    expect(replacement?.maxFeePerGas).toBeLessThanOrEqual(50n * gwei);
    // The chain: one transaction of this key at that nonce, the replacement; the step paid once.
    expect(await minedAtNonce(from, original.nonce, startBlock)).toEqual([receipt.hash]);
    expect(await service.provider.getBalance(to)).toBe(7n);
    // The rows: both hashes recorded for the step, settled on the mined one.
    expect((await stepRows(jobId)).map((r) => [r.stepKey, r.nonce, r.hash, r.state])).toEqual([
      ['pay', original.nonce, original.hash, 'dropped'],
      [`pay#${original.id}`, original.nonce, receipt.hash, 'mined'],
    ]);
    expect(row.hash).toBe(receipt.hash);
    // A job resumed now finds the step's mined replacement: nothing is signed again.
    expect((await liveRow(database.db, jobId, 'pay'))?.hash).toBe(receipt.hash);
  });

  it('settles on the original when it is mined before a recorded replacement, and never sends the step again', async () => {
    const key = devAccountKeys[5] as string;
    const wallet = new Wallet(key, service.provider);
    const to = Wallet.createRandom().address;
    const jobId = await newJob();
    await lowBaseFee();
    const startBlock = await service.blockNumber();
    const input = {
      db: database.db,
      provider: service.provider,
      jobId,
      stepKey: 'pay',
      privateKey: key,
      transaction: { to, value: 3n },
      pollMs: 50,
    };
    await service.provider.send('evm_setAutomine', [false]);
    const original = await signAndRecord(input);
    // A replacement recorded at the same nonce but never broadcast (an instance stopped between the two).
    const offered = Transaction.from(original.raw);
    const raw = await wallet.signTransaction({
      type: 2,
      to,
      value: 3n,
      nonce: original.nonce,
      gasLimit: offered.gasLimit,
      maxFeePerGas: (offered.maxFeePerGas ?? 0n) * 2n,
      maxPriorityFeePerGas: (offered.maxPriorityFeePerGas ?? 0n) * 2n,
      chainId: chain.chainId,
    });
    await database.db.insert(jobTransactions).values({
      jobId,
      stepKey: `pay#${original.id}`,
      fromAddress: wallet.address.toLowerCase(),
      nonce: original.nonce,
      hash: keccak256(raw),
      raw,
    });
    await service.provider.send('evm_mine', []);
    await service.provider.send('evm_setAutomine', [true]);

    const { receipt } = await sendDurably(input);
    expect(receipt.hash).toBe(original.hash);
    expect(await minedAtNonce(wallet.address, original.nonce, startBlock)).toEqual([original.hash]);
    expect(await service.provider.getTransactionCount(wallet.address, 'latest')).toBe(original.nonce + 1);
    expect(await service.provider.getBalance(to)).toBe(3n);
    expect((await stepRows(jobId)).map((r) => [r.hash, r.state])).toEqual([
      [original.hash, 'mined'],
      [keccak256(raw), 'dropped'],
    ]);
  });
});

describe('a key that cannot pay the gas (issue 34)', () => {
  it('is refused before anything is signed or recorded: no hash names a transaction that never reached the chain', async () => {
    const [job] = await database.db.insert(jobs).values({ kind: 'test.unfunded' }).returning();
    if (!job) throw new Error('no job row');
    const unfunded = Wallet.createRandom();
    const sending = signAndRecord({
      db: database.db,
      provider: service.provider,
      jobId: job.id,
      stepKey: 'pay',
      privateKey: unfunded.privateKey,
      transaction: { to: Wallet.createRandom().address, value: 0n },
    });
    await expect(sending).rejects.toMatchObject({
      name: 'InsufficientFundsError',
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await rowsOf(unfunded.address)).toEqual([]);
    expect(await liveRow(database.db, job.id, 'pay')).toBeUndefined();
  });
});
