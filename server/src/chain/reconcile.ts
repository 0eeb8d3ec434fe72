import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  type JsonRpcProvider,
  Transaction,
  type TransactionReceipt,
  type TransactionRequest,
  type Wallet,
} from 'ethers';
import type { Database } from '../db/database.ts';
import { jobTransactions } from '../jobs/schema.ts';
import type { FeeFields } from './fees.ts';
import { markDropped, nextNonce, openRowsOf, signRecordBroadcast, withNonceLock } from './nonces.ts';

export type RecordedRow = typeof jobTransactions.$inferSelect;

/** Marks a recorded transaction mined or reverted from its receipt (block, gas used, created contract). */
export async function settleRow(
  db: Database,
  row: RecordedRow,
  receipt: TransactionReceipt,
): Promise<RecordedRow> {
  const [updated] = await db
    .update(jobTransactions)
    .set({
      state: receipt.status === 1 ? 'mined' : 'reverted',
      blockNumber: receipt.blockNumber,
      gasUsed: Number(receipt.gasUsed),
      contractAddress: receipt.contractAddress?.toLowerCase() ?? null,
      updatedOn: new Date(),
    })
    .where(eq(jobTransactions.id, row.id))
    .returning();
  return updated ?? row;
}

/**
 * Settles the plain server-signed sends (rows without a job; a job settles its own) of `from` whose nonce the chain
 * has used: mined or reverted from the receipt of their hash, dropped when another transaction took the nonce
 * (a replacement with a higher fee, or the same key signing elsewhere). A row the node still reports as known
 * (its receipt a moment behind the nonce) waits for the next pass. Answers how many rows were settled.
 */
export async function settlePlainSends(
  db: Database,
  provider: JsonRpcProvider,
  from: string,
): Promise<number> {
  const used = await provider.getTransactionCount(from, 'latest');
  const rows = await openRowsOf(db, from, isNull(jobTransactions.jobId), lt(jobTransactions.nonce, used));
  let settled = 0;
  for (const row of rows) {
    const receipt = await provider.getTransactionReceipt(row.hash);
    if (receipt) {
      await settleRow(db, row, receipt);
      settled += 1;
      continue;
    }
    const known = await provider.getTransaction(row.hash).catch(() => null);
    if (known) continue;
    await markDropped(db, row.id, 'nonce used by another transaction');
    settled += 1;
  }
  return settled;
}

/**
 * The reconciler of plain sends, run every few seconds by each instance: for every address with a transaction
 * recorded in the last hour and still 'signed', takes the nonce lock and lets {@link nextNonce} broadcast again
 * what the node does not hold (an instance killed between record and broadcast, when the key signs nothing more),
 * then settles the rows whose nonce the chain has used.
 */
export async function sweepOpenTransactions(db: Database, provider: JsonRpcProvider): Promise<void> {
  const rows = await db
    .selectDistinct({ from: jobTransactions.fromAddress })
    .from(jobTransactions)
    .where(
      and(eq(jobTransactions.state, 'signed'), sql`${jobTransactions.createdOn} > now() - interval '1 hour'`),
    );
  if (rows.length === 0) return;
  const network = await provider.getNetwork();
  for (const { from } of rows) {
    await withNonceLock(db, network.chainId, from, () => nextNonce(db, provider, from));
    await settlePlainSends(db, provider, from);
  }
}

/** The smallest fee a node takes as a replacement of `old` (geth and the others: at least +10%), rounded up. */
export function bumped(old: bigint): bigint {
  return (old * 110n + 99n) / 100n;
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * The fee fields of a replacement of `tx`: at least +10% on both the max fee and the priority fee (a legacy
 * transaction: its gas price), and at least what the chain asks now (`now`). Undefined when the chain does not ask
 * more than `tx` offers (it is not stuck on its fee) or when the replacement would pass `ceiling` (MAX_FEE_GWEI).
 */
export function replacementFees(tx: Transaction, now: FeeFields, ceiling: bigint): FeeFields | undefined {
  if (tx.type === 2 && tx.maxFeePerGas !== null && tx.maxPriorityFeePerGas !== null) {
    const askedMax = now.type === 2 ? now.maxFeePerGas : now.gasPrice;
    const askedTip = now.type === 2 ? now.maxPriorityFeePerGas : 0n;
    if (askedMax <= tx.maxFeePerGas && askedTip <= tx.maxPriorityFeePerGas) return undefined;
    const maxFeePerGas = max(bumped(tx.maxFeePerGas), askedMax);
    let maxPriorityFeePerGas = max(bumped(tx.maxPriorityFeePerGas), askedTip);
    if (maxFeePerGas > ceiling) return undefined;
    if (maxPriorityFeePerGas > maxFeePerGas) maxPriorityFeePerGas = maxFeePerGas;
    if (maxPriorityFeePerGas < bumped(tx.maxPriorityFeePerGas)) return undefined;
    return { type: 2, maxFeePerGas, maxPriorityFeePerGas };
  }
  const asked = now.type === 2 ? now.maxFeePerGas : now.gasPrice;
  if (tx.gasPrice === null || asked <= tx.gasPrice) return undefined;
  const gasPrice = max(bumped(tx.gasPrice), asked);
  return gasPrice > ceiling ? undefined : { type: 0, gasPrice };
}

export type ReplaceInput = {
  db: Database;
  provider: JsonRpcProvider;
  wallet: Wallet;
  /** The fees the chain asks now (the chain service's oracle). */
  fees: () => Promise<FeeFields>;
  /** MAX_FEE_GWEI in wei. */
  ceiling: bigint;
};

/**
 * Replaces a plain send stuck under too low a fee: when the newest recorded transaction at the nonce of `hash` is
 * still the next one the chain must mine, the node holds it unmined, and the chain asks more than it offers, the
 * same transaction (to, data, value, gas limit) is signed again at the same nonce with {@link replacementFees},
 * recorded and broadcast under the nonce lock. Both rows stay 'signed' until the chain decides: the one mined is
 * settled, the other dropped ({@link settlePlainSends}). Answers the replacement's hash, or undefined.
 */
export async function replaceIfStuck(input: ReplaceInput, hash: string): Promise<string | undefined> {
  const { db, provider, wallet } = input;
  const from = wallet.address.toLowerCase();
  const [original] = await db.select().from(jobTransactions).where(eq(jobTransactions.hash, hash)).limit(1);
  if (!original || original.jobId !== null || original.fromAddress !== from) return undefined;
  const network = await provider.getNetwork();
  return withNonceLock(db, network.chainId, from, async () => {
    const [newest] = await db
      .select()
      .from(jobTransactions)
      .where(
        and(
          eq(jobTransactions.fromAddress, from),
          eq(jobTransactions.nonce, original.nonce),
          ne(jobTransactions.state, 'dropped'),
          isNull(jobTransactions.jobId),
        ),
      )
      .orderBy(desc(jobTransactions.id))
      .limit(1);
    if (newest?.state !== 'signed') return undefined;
    if ((await provider.getTransactionCount(from, 'latest')) !== newest.nonce) return undefined;
    const held = await provider.getTransaction(newest.hash).catch(() => null);
    if (!held || held.blockNumber !== null) return undefined;
    const old = Transaction.from(newest.raw);
    const fees = replacementFees(old, await input.fees(), input.ceiling);
    if (!fees) return undefined;
    const transaction: TransactionRequest = {
      to: old.to,
      data: old.data,
      value: old.value,
      gasLimit: old.gasLimit,
      accessList: old.type === 2 ? old.accessList : undefined,
      ...fees,
    };
    const { row, broadcastError } = await signRecordBroadcast({
      db,
      provider,
      wallet,
      transaction,
      jobId: null,
      stepKey: 'send',
      nonce: newest.nonce,
    });
    if (broadcastError !== undefined) {
      await markDropped(
        db,
        row.id,
        `replacement refused: ${(broadcastError as Error).message ?? broadcastError}`,
      );
      return undefined;
    }
    return row.hash;
  });
}

/** The hashes recorded at the nonce of `hash` by its address (the transaction and its replacements), oldest first. */
export async function sameNonceHashes(db: Database, hash: string): Promise<string[]> {
  const [row] = await db.select().from(jobTransactions).where(eq(jobTransactions.hash, hash)).limit(1);
  if (!row) return [hash];
  const rows = await db
    .select({ hash: jobTransactions.hash })
    .from(jobTransactions)
    .where(
      and(
        eq(jobTransactions.fromAddress, row.fromAddress),
        eq(jobTransactions.nonce, row.nonce),
        inArray(jobTransactions.state, ['signed', 'mined', 'reverted']),
      ),
    )
    .orderBy(asc(jobTransactions.id));
  return rows.length > 0 ? rows.map((r) => r.hash) : [hash];
}
