import { type CrashPoint, crashPoint } from './crashPoints.ts';
import type { RevertError } from './durableTransaction.ts';

/** A batch of rows: its number (1, 2, … per job) and its rows. */
export type RowBatch<Row> = { batch: number; rows: Row[] };

/**
 * What a durable batch flow keeps in its own rows table (a draft's investors, a bulk job's rows): rows waiting, rows
 * of a numbered batch in flight (marked before their transaction is signed), and how to send one batch.
 */
export type BatchRows<Row> = {
  /** The lowest-numbered batch whose rows are marked in flight, if any: settled before anything new. */
  inFlight: () => Promise<RowBatch<Row> | undefined>;
  /**
   * The rows of the next batch, already checked and sized (rows it refuses are marked failed by it); an empty list
   * when it refused them all (look again), undefined when no row waits.
   */
  next: () => Promise<Row[] | undefined>;
  /** The highest batch number given so far (0 when none). */
  lastBatch: () => Promise<number>;
  /** Marks `rows` in flight as batch `batch` (one write, before anything is signed). */
  mark: (rows: Row[], batch: number) => Promise<void>;
  /** After the mark, before the crash point (e.g. the job's step). */
  marked?: (batch: number) => Promise<void>;
  /** Sends one batch and records each row's outcome; `fresh` is false for a batch found in flight on resume. */
  send: (batch: RowBatch<Row>, fresh: boolean) => Promise<void>;
  /** The crash point between marking and sending (jobs/crashPoints.ts). */
  crashAt: CrashPoint;
};

/**
 * The durable batch loop shared by the draft deployment (drafts/deployJob.ts) and bulk operations on a live token
 * (bulk/job.ts): a batch found in flight (a crash between mark and outcome) is settled first, from its recorded
 * transaction, so nobody is sent to twice or skipped; then the next rows are numbered, marked in flight and sent,
 * one batch after another, until no row waits.
 */
export async function runBatches<Row>(rows: BatchRows<Row>, signal: AbortSignal): Promise<void> {
  for (;;) {
    if (signal.aborted) throw signal.reason;
    const inFlight = await rows.inFlight();
    if (inFlight) {
      await rows.send(inFlight, false);
      continue;
    }
    const next = await rows.next();
    if (!next) return;
    if (next.length === 0) continue;
    const batch = (await rows.lastBatch()) + 1;
    await rows.mark(next, batch);
    await rows.marked?.(batch);
    crashPoint(rows.crashAt);
    await rows.send({ batch, rows: next }, true);
  }
}

/** The gas limit of a batch's transaction (its estimate plus the margin), or the chain's refusal of it. */
export type MeasureBatch<Row> = (rows: Row[]) => Promise<bigint | RevertError>;

/** The longest prefix of a batch that fits the cap (with its gas limit), or the refusal of its first row alone. */
export type SizedBatch = { size: number; gasLimit: bigint } | { size: 1; refused: bigint | RevertError };

/**
 * Sizes a batch by measured gas, for every durable batch flow on a live token (bulk/job.ts, rules/countJob.ts):
 * from `start` rows (default: the gas of the first row and of the first 64, measured, give the cost of each further
 * row; as many as fit the cap), the very batch is measured and shrunk until it fits: by 2% while over the cap (an
 * estimate above it, or the node refusing for gas), by half when the chain refuses the rows together though not for
 * gas. A lone row that does not fit or is refused answers `refused`.
 */
export async function sizeByGas<Row>(
  rows: Row[],
  measure: MeasureBatch<Row>,
  options: { cap: number; start?: number },
): Promise<SizedBatch> {
  let n = Math.max(
    1,
    Math.min(rows.length, options.start ?? (await fittingCount(rows, measure, options.cap))),
  );
  for (;;) {
    const measured = await measure(rows.slice(0, n));
    if (typeof measured === 'bigint' && measured <= BigInt(options.cap))
      return { size: n, gasLimit: measured };
    if (n === 1) return { size: 1, refused: measured };
    const overCap = typeof measured === 'bigint' || /gas/i.test(measured.reason);
    n = overCap ? Math.min(n - 1, Math.floor(n * 0.98)) : Math.ceil(n / 2);
  }
}

/** How many of `rows` one transaction carries: the gas of one row and of the first 64, measured, extrapolated. */
async function fittingCount<Row>(rows: Row[], measure: MeasureBatch<Row>, cap: number): Promise<number> {
  const probe = Math.min(rows.length, 64);
  if (probe < 2) return rows.length;
  const [one, some] = await Promise.all([measure(rows.slice(0, 1)), measure(rows.slice(0, probe))]);
  if (typeof one !== 'bigint' || typeof some !== 'bigint') return probe;
  const perRow = Number(some - one) / (probe - 1);
  const fixed = Number(one) - perRow;
  return Math.max(1, Math.min(rows.length, Math.floor((cap - fixed) / perRow)));
}
