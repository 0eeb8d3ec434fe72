import { type CrashPoint, crashPoint } from './crashPoints.ts';

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
