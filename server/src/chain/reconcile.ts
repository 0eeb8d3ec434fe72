import { and, asc, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  type JsonRpcProvider,
  Transaction,
  type TransactionReceipt,
  type TransactionRequest,
  Wallet,
} from 'ethers';
import type { Database } from '../db/database.ts';
import { jobTransactions } from '../jobs/schema.ts';
import { type FeeFields, feeCeilingWei } from './fees.ts';
import { markDropped, nextNonce, openRowsOf, signRecordBroadcast, withNonceLock } from './nonces.ts';

export type RecordedRow = typeof jobTransactions.$inferSelect;

/**
 * A replacement of a durable job's step is recorded under `<step>#<id of the row it replaces>`: the rule of one live
 * row per (job, step key) stays (a second worker can never sign the same step twice), and a step's rows are the
 * ones of its key and of `<key>#...` ({@link ofStep}).
 */
export function baseStepKey(stepKey: string): string {
  const mark = stepKey.indexOf('#');
  return mark < 0 ? stepKey : stepKey.slice(0, mark);
}

/** The recorded rows of a step and of its replacements at a higher fee. */
export function ofStep(stepKey: string): SQL {
  const base = baseStepKey(stepKey);
  return or(
    eq(jobTransactions.stepKey, base),
    sql`starts_with(${jobTransactions.stepKey}, ${`${base}#`})`,
  ) as SQL;
}

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

/** A plain send dropped because its replacement at the same nonce was mined. */
export type Replaced = { dropped: string; mined: string };

/**
 * Settles the plain server-signed sends (rows without a job; a job settles its own) of `from` whose nonce the chain
 * has used: mined or reverted from the receipt of their hash, dropped when another transaction took the nonce
 * (a replacement with a higher fee, or the same key signing elsewhere). A row the node still reports as known
 * (its receipt a moment behind the nonce) waits for the next pass. Answers how many rows were settled, and each
 * dropped send whose recorded replacement was mined (the hash a caller was answered now has a successor).
 */
export async function settlePlainSends(
  db: Database,
  provider: JsonRpcProvider,
  from: string,
): Promise<{ settled: number; replaced: Replaced[] }> {
  const used = await provider.getTransactionCount(from, 'latest');
  const rows = await openRowsOf(db, from, isNull(jobTransactions.jobId), lt(jobTransactions.nonce, used));
  let settled = 0;
  const dropped: RecordedRow[] = [];
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
    dropped.push(row);
    settled += 1;
  }
  const replaced: Replaced[] = [];
  for (const row of dropped) {
    const [mined] = await db
      .select({ hash: jobTransactions.hash })
      .from(jobTransactions)
      .where(
        and(
          eq(jobTransactions.fromAddress, from),
          eq(jobTransactions.nonce, row.nonce),
          isNull(jobTransactions.jobId),
          inArray(jobTransactions.state, ['mined', 'reverted']),
        ),
      )
      .limit(1);
    if (mined) replaced.push({ dropped: row.hash, mined: mined.hash });
  }
  return { settled, replaced };
}

/** The newest recorded transaction of `from` at `nonce` not dropped: of one job's step, or of the plain sends. */
async function newestLiveAt(
  db: Database,
  from: string,
  nonce: number,
  step: { jobId: number | null; stepKey: string },
): Promise<RecordedRow | undefined> {
  const [newest] = await db
    .select()
    .from(jobTransactions)
    .where(
      and(
        eq(jobTransactions.fromAddress, from),
        eq(jobTransactions.nonce, nonce),
        ne(jobTransactions.state, 'dropped'),
        step.jobId === null ? isNull(jobTransactions.jobId) : eq(jobTransactions.jobId, step.jobId),
        ofStep(step.stepKey),
      ),
    )
    .orderBy(desc(jobTransactions.id))
    .limit(1);
  return newest;
}

/** How the sweep replaces a plain send left stuck under too low a fee (the chain service's policy). */
export type SweepReplacement = {
  /** The private key of a server-held address (a registered key), or undefined (nothing to replace with). */
  keyFor: (address: string) => Promise<string | undefined>;
  fees: () => Promise<FeeFields>;
  /** MAX_FEE_GWEI in wei. */
  ceiling: bigint;
  stuckAfterMs: number;
  /** Told of each answered hash whose replacement was mined (the app points the caller's records at it). */
  onReplaced?: (replaced: Replaced[]) => Promise<void>;
};

/**
 * A plain send nobody waits for (an operation answered with its hash: issue, redeem, transfer, ...) that holds up
 * its key: the newest recorded send at the nonce the chain must mine next, signed more than `stuckAfterMs` ago, is
 * replaced through {@link replaceIfStuck} (which checks that the node holds it unmined and that the chain asks more
 * than it offers). Answers the replacement's hash, or undefined.
 */
export async function replaceStuckPlainSend(
  db: Database,
  provider: JsonRpcProvider,
  from: string,
  replace: SweepReplacement,
): Promise<string | undefined> {
  const next = await provider.getTransactionCount(from, 'latest');
  const newest = await newestLiveAt(db, from, next, { jobId: null, stepKey: 'send' });
  if (newest?.state !== 'signed' || Date.now() - newest.createdOn.getTime() < replace.stuckAfterMs)
    return undefined;
  const key = await replace.keyFor(from);
  if (!key) return undefined;
  return replaceIfStuck(
    { db, provider, wallet: new Wallet(key, provider), fees: replace.fees, ceiling: replace.ceiling },
    newest.hash,
  );
}

/**
 * The reconciler of plain sends, run every few seconds by each instance: for every address with a transaction
 * recorded in the last hour and still 'signed', takes the nonce lock and lets {@link nextNonce} broadcast again
 * what the node does not hold (an instance killed between record and broadcast, when the key signs nothing more),
 * then settles the rows whose nonce the chain has used; with `replace`, a send stuck under too low a fee is replaced
 * ({@link replaceStuckPlainSend}).
 */
export async function sweepOpenTransactions(
  db: Database,
  provider: JsonRpcProvider,
  replace?: SweepReplacement,
): Promise<void> {
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
    const { replaced } = await settlePlainSends(db, provider, from);
    if (replaced.length > 0) await replace?.onReplaced?.(replaced);
    // A fee above MAX_FEE_GWEI or a node that refuses the replacement: the next pass asks again.
    if (replace) await replaceStuckPlainSend(db, provider, from, replace).catch(() => undefined);
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

/** When and how high a stuck transaction is replaced: after `stuckAfterMs` unmined, never above `ceiling` (wei). */
export type ReplacementPolicy = { ceiling: bigint; stuckAfterMs: number };

const policies = new WeakMap<JsonRpcProvider, ReplacementPolicy>();

/** Makes `policy` (the chain service's MAX_FEE_GWEI and stuck time) the one durable job sends on `provider` use. */
export function registerReplacementPolicy(provider: JsonRpcProvider, policy: ReplacementPolicy): void {
  policies.set(provider, policy);
}

/** The replacement policy of a provider: its chain service's, else MAX_FEE_GWEI's default and 30 s. */
export function replacementPolicyOf(provider: JsonRpcProvider): ReplacementPolicy {
  return policies.get(provider) ?? { ceiling: feeCeilingWei(), stuckAfterMs: 30_000 };
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
 * Replaces a transaction stuck under too low a fee, a plain send or a durable job's step: when the newest recorded
 * transaction of the same step (job and {@link ofStep}; 'send' without a job) at the nonce of `hash` is still the next
 * one the chain must mine, the node holds it unmined, and the chain asks more than it offers, the same transaction
 * (to, data, value, gas limit) is signed again at the same nonce with {@link replacementFees}, recorded (same job,
 * the step's replacement key) and broadcast under the nonce lock. Both rows stay 'signed' until the chain decides: the one mined is settled, the
 * other dropped ({@link settlePlainSends}; a job's step: jobs/durableTransaction.ts, which looks at every row of the
 * step at that nonce). Answers the replacement's hash, or undefined.
 */
export async function replaceIfStuck(input: ReplaceInput, hash: string): Promise<string | undefined> {
  const { db, provider, wallet } = input;
  const from = wallet.address.toLowerCase();
  const [original] = await db.select().from(jobTransactions).where(eq(jobTransactions.hash, hash)).limit(1);
  if (!original || original.fromAddress !== from) return undefined;
  const network = await provider.getNetwork();
  return withNonceLock(db, network.chainId, from, async () => {
    const newest = await newestLiveAt(db, from, original.nonce, original);
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
      jobId: newest.jobId,
      stepKey: newest.jobId === null ? newest.stepKey : `${baseStepKey(newest.stepKey)}#${newest.id}`,
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
