import { devAccountKeys, type DevChain, startDevChain } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { keccak256, Transaction, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { jobTransactions } from '../jobs/schema.ts';
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
