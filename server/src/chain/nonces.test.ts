import { devAccountKeys, type DevChain, startDevChain } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { keccak256, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { jobTransactions } from '../jobs/schema.ts';
import { type ChainService, createChainService } from './chainService.ts';
import { sweepOpenTransactions } from './reconcile.ts';

let chain: DevChain;
let database: DatabaseHandle;
let service: ChainService;
const key = devAccountKeys[7] as string;
const from = new Wallet(key).address.toLowerCase();

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  database = await createTestDatabase('pglite');
  service = createChainService({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, local: true });
  service.attachDatabase(database.db);
});
afterAll(async () => {
  service?.close();
  await database?.close();
  await chain?.stop();
});

/** Records a signed transaction at `nonce` without broadcasting it (what a crash between the two leaves). */
async function recordedOnly(nonce: number, transaction: { to: string; value: bigint; chainId?: number }) {
  const wallet = new Wallet(key);
  const raw = await wallet.signTransaction({
    chainId: chain.chainId,
    gasLimit: 21_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    type: 2,
    nonce,
    ...transaction,
  });
  const [row] = await database.db
    .insert(jobTransactions)
    .values({ jobId: null, stepKey: 'send', fromAddress: from, nonce, hash: keccak256(raw), raw })
    .returning();
  return row as typeof jobTransactions.$inferSelect;
}

describe('the nonce allocator', () => {
  it('broadcasts a transaction recorded but never broadcast before signing the next one: no gap, no reuse', async () => {
    const pending = await service.provider.getTransactionCount(from, 'pending');
    const lost = await recordedOnly(pending, { to: Wallet.createRandom().address, value: 1n });
    const next = await service.send(key, { to: Wallet.createRandom().address, value: 2n });
    expect(next.nonce).toBe(pending + 1);
    const [first, second] = await Promise.all([
      service.waitForReceipt(lost.hash, { timeoutMs: 30_000 }),
      next.wait(),
    ]);
    expect([first?.status, second?.status]).toEqual([1, 1]);
  });

  it('broadcasts a recorded, unbroadcast transaction in the sweep when the key signs nothing more', async () => {
    const pending = await service.provider.getTransactionCount(from, 'pending');
    const lost = await recordedOnly(pending, { to: Wallet.createRandom().address, value: 4n });
    await sweepOpenTransactions(database.db, service.provider);
    expect((await service.waitForReceipt(lost.hash, { timeoutMs: 30_000 })).status).toBe(1);
  });

  it('drops a recorded transaction the node refuses and fills its nonce with the next signing', async () => {
    const pending = await service.provider.getTransactionCount(from, 'pending');
    // Signed for another chain: the node can never take it.
    const refused = await recordedOnly(pending, { to: Wallet.createRandom().address, value: 1n, chainId: 1 });
    const next = await service.send(key, { to: Wallet.createRandom().address, value: 3n });
    expect(next.nonce).toBe(pending);
    expect((await next.wait())?.status).toBe(1);
    const [row] = await database.db.select().from(jobTransactions).where(eq(jobTransactions.id, refused.id));
    expect(row?.state).toBe('dropped');
  });

  it('gives 40 concurrent sends from one key 40 consecutive nonces, each recorded before it was broadcast', async () => {
    const pending = await service.provider.getTransactionCount(from, 'pending');
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        service.send(key, { to: Wallet.createRandom().address, value: BigInt(i + 1) }),
      ),
    );
    expect(sent.map((tx) => tx.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => pending + i),
    );
    const receipts = await Promise.all(sent.map((tx) => tx.wait()));
    expect(receipts.every((receipt) => receipt?.status === 1)).toBe(true);
    const rows = await database.db
      .select()
      .from(jobTransactions)
      .where(eq(jobTransactions.fromAddress, from));
    for (const tx of sent) expect(rows.some((row) => row.hash === tx.hash)).toBe(true);
  });
});
