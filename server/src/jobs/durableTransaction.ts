import { chainErrorMessage, reasonMessage } from '@tranche/api/chainErrors';
import { gasMargin } from '@tranche/contracts';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { type JsonRpcProvider, type TransactionReceipt, type TransactionRequest, Wallet } from 'ethers';
import { feeOracleOf } from '../chain/fees.ts';
import { isAlreadyKnown, isNonceError, signRecordBroadcast } from '../chain/nonces.ts';
import { ofStep, replacementPolicyOf, replaceIfStuck, settleRow } from '../chain/reconcile.ts';
import type { Database } from '../db/database.ts';
import { followReplacedTransactions, recordUserTransaction } from '../modules/transactions/service.ts';
import { jobTransactions } from './schema.ts';

export type JobTransactionRow = typeof jobTransactions.$inferSelect;

/** The chain refused the transaction before it was sent (estimate) or it was mined and reverted. */
export class RevertError extends Error {
  readonly reason: string;
  readonly receipt?: TransactionReceipt;
  constructor(reason: string, receipt?: TransactionReceipt, cause?: unknown) {
    super(reason, cause === undefined ? undefined : { cause });
    this.name = 'RevertError';
    this.reason = reason;
    this.receipt = receipt;
  }
}

export type DurableSendInput = {
  db: Database;
  provider: JsonRpcProvider;
  jobId: number;
  /** The job's name for this step; one live transaction per (job, step). */
  stepKey: string;
  privateKey: string;
  /** to/data/value of the transaction (nonce, gas and price are set here). */
  transaction: TransactionRequest;
  signal?: AbortSignal;
  /** Largest gas limit the chain accepts for one transaction. */
  gasCap?: number;
  /** Added to the gas estimate. */
  gasMargin?: number;
  /**
   * A known gas limit (e.g. from measured batch sizing): the transaction is then checked with one eth_call instead
   * of a gas estimate (a node's estimate re-runs a large transaction many times).
   */
  gasLimit?: bigint;
  /** Receipt polling interval (ms). */
  pollMs?: number;
  /** The durable flow's name for its crash points ('<flow>:recorded', '<flow>:broadcast'). */
  crashFlow?: string;
  /**
   * The account whose operation this transaction carries out: it is recorded in that account's My transactions as
   * soon as it is signed (before the broadcast), and follows a replacement that is mined instead.
   */
  causedBy?: TransactionCause;
};

/** Who caused a server-signed transaction and what kind of operation it is (txTypes of @tranche/api). */
export type TransactionCause = { accountId: number; txType: number; contractAddress?: string | null };

/** Records the transaction in the causing account's My transactions, with the address that signed it. */
async function recordCause(
  db: Database,
  cause: TransactionCause | undefined,
  row: JobTransactionRow,
  callData: string | null | undefined,
): Promise<void> {
  if (cause)
    await recordUserTransaction(
      { db },
      { ...cause, hash: row.hash, publicAddress: row.fromAddress, callData: callData ?? null },
    );
}

/** The signing key cannot pay the gas (and value): nothing was signed, recorded or sent. */
export class InsufficientFundsError extends Error {
  override name = 'InsufficientFundsError';
  /** ethers' code for the same refusal, so the one error module words it ('…has no ETH to pay for gas…'). */
  readonly code = 'INSUFFICIENT_FUNDS';
  constructor(readonly address: string) {
    super(`insufficient funds for gas * price + value: ${address}`);
  }
}

export type DurableResult = { receipt: TransactionReceipt; row: JobTransactionRow };

/**
 * The gas limit a job gives a transaction: the node's estimate plus the margin the console and server add, or the
 * chain's refusal of it (nothing is sent). What batch sizing measures (jobs/batches.ts).
 */
export async function measuredGasLimit(
  provider: JsonRpcProvider,
  transaction: { from: string; to: string; data: string },
): Promise<bigint | RevertError> {
  try {
    return (await provider.estimateGas(transaction)) + BigInt(gasMargin);
  } catch (error) {
    return new RevertError(revertReasonOf(error), undefined, error);
  }
}

/**
 * A refusal in people's words (api/src/chainErrors.ts): the chain's own error decoded when the RevertError carries
 * it, else its reason; never the provider's text.
 */
export function refusalMessage(error: unknown): string {
  if (error instanceof RevertError) {
    return error.cause === undefined ? reasonMessage(error.reason) : chainErrorMessage(error.cause);
  }
  return chainErrorMessage(error);
}

/** The revert reason of an ethers error, or its message. */
export function revertReasonOf(error: unknown): string {
  const e = error as { reason?: string | null; shortMessage?: string; message?: string; info?: unknown };
  if (e?.reason) return e.reason;
  const text = e?.shortMessage ?? e?.message ?? String(error);
  const match = /reverted with reason string '([^']*)'|execution reverted: ([^"\n]*)/.exec(text);
  return match?.[1] ?? match?.[2] ?? text;
}

function abortIfNeeded(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  abortIfNeeded(signal);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  abortIfNeeded(signal);
}

/**
 * The recorded transaction of a job's step that may still be (or was) mined: the newest one not dropped, its
 * replacements at a higher fee included (every row of the step at that nonce is watched when it is settled).
 */
export async function liveRow(
  db: Database,
  jobId: number,
  stepKey: string,
): Promise<JobTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(jobTransactions)
    .where(and(eq(jobTransactions.jobId, jobId), ofStep(stepKey), ne(jobTransactions.state, 'dropped')))
    .orderBy(desc(jobTransactions.id))
    .limit(1);
  return row;
}

async function drop(db: Database, row: JobTransactionRow, error: string): Promise<void> {
  await db
    .update(jobTransactions)
    .set({ state: 'dropped', error: error.slice(0, 1000), updatedOn: new Date() })
    .where(eq(jobTransactions.id, row.id));
}

/**
 * Sends one transaction of a job so that a crash at any point neither loses nor repeats it:
 * the signed bytes and hash are recorded before the broadcast; a recorded transaction is resolved by its receipt,
 * rebroadcast (same bytes, same hash) while its nonce is still open, and only re-signed once its nonce was used by
 * another transaction (then it can never be mined). A mined revert throws {@link RevertError} with the chain's reason,
 * and so does a transaction the chain refuses at estimate time (nothing is sent then).
 */
export async function sendDurably(input: DurableSendInput): Promise<DurableResult> {
  const { db, jobId, stepKey, signal } = input;
  const wallet = new Wallet(input.privateKey, input.provider);
  let dropped: string | undefined;
  for (let round = 0; round < 20; round += 1) {
    abortIfNeeded(signal);
    const row = (await liveRow(db, jobId, stepKey)) ?? (await signAndRecord(input, wallet));
    // A transaction re-signed after its nonce was used elsewhere takes the dropped one's place in the history.
    if (input.causedBy && dropped !== undefined && dropped !== row.hash)
      await followReplacedTransactions({ db }, [{ dropped, mined: row.hash }]);
    await recordCause(db, input.causedBy, row, input.transaction.data);
    const outcome = await awaitRecorded(input, row);
    if (outcome === 'dropped') {
      dropped = row.hash;
      continue;
    }
    if (input.causedBy && outcome.row.hash !== row.hash) {
      await followReplacedTransactions({ db }, [{ dropped: row.hash, mined: outcome.row.hash }]);
      await recordCause(db, input.causedBy, outcome.row, input.transaction.data);
    }
    return finishWith(input, outcome.row, outcome.receipt);
  }
  throw new Error(`The transaction of step ${stepKey} could not be sent`);
}

export type SettleOptions = Pick<DurableSendInput, 'db' | 'provider' | 'signal' | 'pollMs'> & {
  /**
   * The key that signed the step (sendDurably): with it a transaction stuck under too low a fee is replaced at its
   * nonce (chain/reconcile.ts, the chain service's MAX_FEE_GWEI and stuck time). Without it nothing is signed.
   */
  privateKey?: string;
};

/**
 * Settles a recorded transaction from the chain: its receipt (the row marked mined or reverted), or 'dropped' once
 * its nonce was provably used by another transaction (it can never be mined; the row says so). While the nonce is
 * open and the node does not know the transaction, the recorded bytes are broadcast again (same hash). Only after
 * 'dropped' may the caller sign again. This is the reconciler's one rule for every durable flow.
 *
 * A step may have several live rows at its nonce: the transaction and its replacements under higher fees (with
 * `privateKey`, one is signed after the stuck time when the chain asks more than the newest offers). All of them are
 * watched: whichever is mined settles the step (the answer's row), the others are dropped; 'dropped' only when none
 * of them was mined and the nonce is used.
 */
export async function awaitRecorded(
  options: SettleOptions,
  row: JobTransactionRow,
): Promise<{ receipt: TransactionReceipt; row: JobTransactionRow } | 'dropped'> {
  const { db, provider } = options;
  if (row.state === 'dropped') return 'dropped';
  if (row.state === 'mined' || row.state === 'reverted') {
    const receipt = await provider.getTransactionReceipt(row.hash);
    if (receipt) return { receipt, row };
    // A reset chain lost the transaction: treat as never sent.
    await drop(db, row, 'receipt no longer on the chain');
    return 'dropped';
  }
  const outcome = await resolveSigned(options, row, options.pollMs ?? 100);
  if (outcome === 'dropped') return outcome;
  return { receipt: outcome.receipt, row: await settleRow(db, outcome.row, outcome.receipt) };
}

/** The live rows of the step of `row` at its nonce (the transaction and its replacements), oldest first. */
async function sameStepAtNonce(db: Database, row: JobTransactionRow): Promise<JobTransactionRow[]> {
  if (row.jobId === null) return [row];
  const rows = await db
    .select()
    .from(jobTransactions)
    .where(
      and(
        eq(jobTransactions.jobId, row.jobId),
        ofStep(row.stepKey),
        eq(jobTransactions.fromAddress, row.fromAddress),
        eq(jobTransactions.nonce, row.nonce),
        ne(jobTransactions.state, 'dropped'),
      ),
    )
    .orderBy(asc(jobTransactions.id));
  return rows.length > 0 ? rows : [row];
}

/** The first of `rows` with a receipt; the others (the same nonce: never mined now) are dropped. */
async function minedOf(
  input: SettleOptions,
  rows: JobTransactionRow[],
): Promise<{ receipt: TransactionReceipt; row: JobTransactionRow } | undefined> {
  for (const candidate of rows) {
    const receipt = await input.provider.getTransactionReceipt(candidate.hash);
    if (!receipt) continue;
    for (const other of rows) {
      if (other.id !== candidate.id)
        await drop(input.db, other, `nonce used by ${candidate.hash} (same step)`);
    }
    return { receipt, row: candidate };
  }
  return undefined;
}

async function finishWith(
  input: DurableSendInput,
  row: JobTransactionRow,
  receipt: TransactionReceipt,
): Promise<DurableResult> {
  if (receipt.status === 1) return { receipt, row };
  let reason = 'the transaction reverted';
  let callError: unknown;
  try {
    await input.provider.call({
      ...input.transaction,
      from: row.fromAddress,
      blockTag: Math.max(receipt.blockNumber - 1, 0),
    });
  } catch (error) {
    reason = revertReasonOf(error);
    callError = error;
  }
  if (!row.error) {
    await input.db
      .update(jobTransactions)
      .set({ error: reason.slice(0, 1000) })
      .where(eq(jobTransactions.id, row.id));
  }
  throw new RevertError(reason, receipt, callError);
}

/**
 * Signs the transaction with the next nonce of its address, records the signed bytes and hash (state 'signed'),
 * then broadcasts them. A refusal at estimate time throws {@link RevertError} and records nothing. A failed
 * broadcast is noted on the row: {@link awaitRecorded} decides from the chain.
 */
export async function signAndRecord(input: DurableSendInput, signer?: Wallet): Promise<JobTransactionRow> {
  const { db, provider } = input;
  const wallet = signer ?? new Wallet(input.privateKey, provider);
  const from = wallet.address.toLowerCase();
  const cap = BigInt(input.gasCap ?? 16_777_216);
  let gasLimit: bigint;
  try {
    if (input.gasLimit !== undefined) {
      gasLimit = input.gasLimit;
      await provider.call({ ...input.transaction, from, gasLimit });
    } else {
      gasLimit =
        (await provider.estimateGas({ ...input.transaction, from })) + BigInt(input.gasMargin ?? 31_500);
    }
  } catch (error) {
    throw new RevertError(revertReasonOf(error), undefined, error);
  }
  if (gasLimit > cap) gasLimit = cap;
  const fees = await feeOracleOf(provider)();
  // A key that cannot pay the gas is refused here, before anything is signed or recorded (issue 34): a hash
  // recorded for it would name a transaction that never reached the chain (and My transactions would list it).
  const price = 'maxFeePerGas' in fees ? fees.maxFeePerGas : fees.gasPrice;
  const value = BigInt(input.transaction.value ?? 0);
  if ((await provider.getBalance(from)) < gasLimit * price + value) throw new InsufficientFundsError(from);
  // Not accepted (or the answer was lost): the row stays 'signed'; resolving it checks the receipt and the nonce,
  // and rebroadcasts the same bytes, before anything is ever re-signed.
  const { row } = await signRecordBroadcast({
    db,
    provider,
    wallet,
    transaction: { ...input.transaction, gasLimit, ...fees },
    jobId: input.jobId,
    stepKey: input.stepKey,
    crashFlow: input.crashFlow,
  });
  return row;
}

async function resolveSigned(
  input: SettleOptions,
  row: JobTransactionRow,
  pollMs: number,
): Promise<{ receipt: TransactionReceipt; row: JobTransactionRow } | 'dropped'> {
  const { db, provider, signal } = input;
  const from = row.fromAddress;
  const policy = replacementPolicyOf(provider);
  const wallet = input.privateKey ? new Wallet(input.privateKey, provider) : undefined;
  let rows = await sameStepAtNonce(db, row);
  let rebroadcast = false;
  let waitingSince = Date.now();
  for (;;) {
    abortIfNeeded(signal);
    const mined = await minedOf(input, rows);
    if (mined) return mined;
    const used = await provider.getTransactionCount(from, 'latest');
    if (used > row.nonce) {
      // The nonce is used. Unless by one of these very transactions (the node may show the nonce a moment before
      // the receipt), none can ever be mined: look again a few times before giving them up.
      for (let look = 0; look < 5; look += 1) {
        const again = await minedOf(input, rows);
        if (again) return again;
        const known = await Promise.all(rows.map((r) => provider.getTransaction(r.hash).catch(() => null)));
        if (known.every((k) => !k) && look >= 2) break;
        await sleep(pollMs, signal);
      }
      for (const r of rows) await drop(db, r, 'nonce used by another transaction');
      return 'dropped';
    }
    const newest = rows[rows.length - 1] as JobTransactionRow;
    if (!rebroadcast) {
      rebroadcast = true;
      const pending = await provider.getTransaction(newest.hash).catch(() => null);
      if (!pending) {
        await provider.broadcastTransaction(newest.raw).catch((error: unknown) => {
          if (!isAlreadyKnown(error) && !isNonceError(error)) throw error;
        });
      }
    }
    if (wallet && wallet.address.toLowerCase() === from && Date.now() - waitingSince >= policy.stuckAfterMs) {
      waitingSince = Date.now();
      // A fee above MAX_FEE_GWEI or a node that refuses: keep waiting, the next round asks again.
      await replaceIfStuck(
        { db, provider, wallet, fees: feeOracleOf(provider), ceiling: policy.ceiling },
        newest.hash,
      ).catch(() => undefined);
      rows = await sameStepAtNonce(db, row);
    }
    await sleep(pollMs, signal);
  }
}
