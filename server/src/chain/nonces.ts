import { and, asc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { type JsonRpcProvider, Transaction, type TransactionRequest, type Wallet } from 'ethers';
import { type Database, isSharedDatabase } from '../db/database.ts';
import { crashPoint } from '../jobs/crashPoints.ts';
import { jobTransactions } from '../jobs/schema.ts';

export type SignedRow = typeof jobTransactions.$inferSelect;

/**
 * The nonce allocator every instance shares. One signing at a time per (chain, address): this process's queue
 * first (so at most one pooled connection per address waits), then, on PostgreSQL, a transaction-scoped advisory
 * lock held on one pooled connection while the signing works on the others. Under the lock: the node's pending
 * count, advanced past every recorded transaction the node still holds or takes again (a recorded transaction a
 * crash left unbroadcast is broadcast now, never skipped); a recorded one the node refuses is marked dropped and
 * its nonce is reused, so no gap blocks the key. Then sign, record (committed on its own before the broadcast),
 * broadcast, release. PGlite has one instance: the process queue is the whole lock.
 */
const queues = new Map<string, Promise<unknown>>();

async function inProcessQueue<T>(key: string, action: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(action);
  queues.set(key, next);
  try {
    return await next;
  } finally {
    if (queues.get(key) === next) queues.delete(key);
  }
}

/** Runs `action` holding the (chain, address) nonce lock of every instance on the database. */
export async function withNonceLock<T>(
  db: Database | undefined,
  chainId: bigint | number,
  address: string,
  action: () => Promise<T>,
): Promise<T> {
  const key = `nonce:${chainId}:${address.toLowerCase()}`;
  return inProcessQueue(key, async () => {
    if (!db || !isSharedDatabase(db)) return action();
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      return action();
    });
  });
}

export function isNonceError(error: unknown): boolean {
  const text = `${(error as { code?: string })?.code ?? ''} ${(error as Error)?.message ?? ''}`;
  return /NONCE_EXPIRED|nonce too low|nonce has already been used|replacement|REPLACEMENT_UNDERPRICED/i.test(
    text,
  );
}

export function isAlreadyKnown(error: unknown): boolean {
  return /already known|already imported|known transaction/i.test((error as Error)?.message ?? '');
}

/** The node answered (it refused the transaction); false for a lost connection or a timeout (outcome unknown). */
export function isRefusal(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  if (code === 'NETWORK_ERROR' || code === 'TIMEOUT' || code === 'SERVER_ERROR') return false;
  if (/ECONNREFUSED|ECONNRESET|ETIMEDOUT|socket hang up/i.test((error as Error)?.message ?? '')) return false;
  return true;
}

export async function markDropped(db: Database, id: number, error: string): Promise<void> {
  await db
    .update(jobTransactions)
    .set({ state: 'dropped', error: error.slice(0, 1000), updatedOn: new Date() })
    .where(and(eq(jobTransactions.id, id), eq(jobTransactions.state, 'signed')));
}

/** The recorded transactions of `from` still 'signed' that also meet `conditions`, by nonce then age. */
export function openRowsOf(db: Database, from: string, ...conditions: SQL[]): Promise<SignedRow[]> {
  return db
    .select()
    .from(jobTransactions)
    .where(and(eq(jobTransactions.fromAddress, from), eq(jobTransactions.state, 'signed'), ...conditions))
    .orderBy(asc(jobTransactions.nonce), asc(jobTransactions.id))
    .limit(500);
}

/**
 * The next nonce of `from` (call under {@link withNonceLock}): the node's pending count, after broadcasting again
 * the recorded transactions at that count that the node does not hold (a crash between record and broadcast, a
 * node that lost its pool). One the node refuses is dropped and its nonce is the answer (the gap is filled by the
 * next signing). Recorded transactions above a gap stay recorded; they are broadcast again when the count reaches them.
 */
export async function nextNonce(db: Database, provider: JsonRpcProvider, from: string): Promise<number> {
  let pending = await provider.getTransactionCount(from, 'pending');
  const open = await openRowsOf(db, from, gte(jobTransactions.nonce, pending));
  for (const row of open) {
    if (row.nonce < pending) continue;
    if (row.nonce > pending) break;
    try {
      await provider.broadcastTransaction(row.raw);
      pending += 1;
    } catch (error) {
      if (isAlreadyKnown(error)) {
        pending += 1;
        continue;
      }
      if (!isRefusal(error)) throw error;
      await markDropped(db, row.id, `refused when broadcast again: ${(error as Error).message ?? error}`);
      break;
    }
  }
  return pending;
}

export type SignRecordBroadcastInput = {
  db: Database;
  provider: JsonRpcProvider;
  wallet: Wallet;
  /** The transaction with its gas limit and fee fields (nonce and chain id are set here). */
  transaction: TransactionRequest;
  /** The job and step the transaction belongs to (null job: a plain server-signed send). */
  jobId: number | null;
  stepKey: string;
  /** The durable flow's name for its crash points ('<flow>:recorded', '<flow>:broadcast'). */
  crashFlow?: string;
  /**
   * A replacement's nonce (chain/reconcile.ts): the caller holds the nonce lock already; the transaction is signed
   * at this nonce once, and a refusal is answered as `broadcastError`.
   */
  nonce?: number;
};

/**
 * Allocates the nonce, signs, records the signed bytes and hash (committed before the broadcast), broadcasts.
 * A nonce the node says is used (a browser wallet holding the same key sent in between) drops the row and signs
 * again with the next nonce. Any other failed broadcast is noted on the row and answered as `broadcastError`:
 * the row stays 'signed' (the reconciler and the next allocation decide from the chain).
 */
export async function signRecordBroadcast(
  input: SignRecordBroadcastInput,
): Promise<{ row: SignedRow; broadcastError?: unknown }> {
  const { db, provider, wallet } = input;
  const from = wallet.address.toLowerCase();
  const network = await provider.getNetwork();
  const signing = async () => {
    for (let attempt = 0; ; attempt += 1) {
      const nonce = input.nonce ?? (await nextNonce(db, provider, from));
      const signed = await wallet.signTransaction({
        ...input.transaction,
        from: wallet.address,
        nonce,
        chainId: network.chainId,
      });
      const hash = Transaction.from(signed).hash;
      if (!hash) throw new Error('The signed transaction has no hash');
      const [row] = await db
        .insert(jobTransactions)
        .values({ jobId: input.jobId, stepKey: input.stepKey, fromAddress: from, nonce, hash, raw: signed })
        .returning();
      if (!row) throw new Error('The transaction was not recorded');
      crashPoint(`${input.crashFlow ?? 'send'}:recorded`);
      try {
        await provider.broadcastTransaction(signed);
      } catch (error) {
        if (isAlreadyKnown(error)) return { row };
        if (isNonceError(error) && attempt < 3 && input.nonce === undefined) {
          await markDropped(db, row.id, `nonce ${nonce} used by another transaction`);
          continue;
        }
        await db
          .update(jobTransactions)
          .set({ error: ((error as Error).message ?? String(error)).slice(0, 1000) })
          .where(eq(jobTransactions.id, row.id));
        return { row, broadcastError: error };
      }
      crashPoint(`${input.crashFlow ?? 'send'}:broadcast`);
      return { row };
    }
  };
  return input.nonce === undefined ? withNonceLock(db, network.chainId, from, signing) : signing();
}
