import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { jobTransactions } from '../../jobs/schema.ts';
import { tokenBulkRows } from './schema.ts';

export type BulkRowRecord = typeof tokenBulkRows.$inferSelect;
export type NewBulkRow = Omit<typeof tokenBulkRows.$inferInsert, 'jobId'>;

export async function insertRows(db: Database, jobId: number, rows: NewBulkRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(tokenBulkRows).values(rows.slice(start, start + 1000).map((r) => ({ ...r, jobId })));
  }
}

export async function listRows(db: Database, jobId: number): Promise<BulkRowRecord[]> {
  return db
    .select()
    .from(tokenBulkRows)
    .where(eq(tokenBulkRows.jobId, jobId))
    .orderBy(asc(tokenBulkRows.row));
}

/** The next rows of a status, in row order. */
export async function rowsWithStatus(
  db: Database,
  jobId: number,
  status: BulkRowRecord['status'],
  limit: number,
): Promise<BulkRowRecord[]> {
  return db
    .select()
    .from(tokenBulkRows)
    .where(and(eq(tokenBulkRows.jobId, jobId), eq(tokenBulkRows.status, status)))
    .orderBy(asc(tokenBulkRows.row))
    .limit(limit);
}

/** The rows of the lowest batch still marked sending (one crashed or interrupted), in row order. */
export async function inFlightBatch(
  db: Database,
  jobId: number,
): Promise<{ batch: number; rows: BulkRowRecord[] } | undefined> {
  const sending = and(eq(tokenBulkRows.jobId, jobId), eq(tokenBulkRows.status, 'sending'));
  const [first] = await db
    .select({ batch: sql<number | null>`min(${tokenBulkRows.batch})` })
    .from(tokenBulkRows)
    .where(sending);
  if (first?.batch === null || first?.batch === undefined) return undefined;
  const batch = Number(first.batch);
  const rows = await db
    .select()
    .from(tokenBulkRows)
    .where(and(sending, eq(tokenBulkRows.batch, batch)))
    .orderBy(asc(tokenBulkRows.row));
  return { batch, rows };
}

export async function lastBatch(db: Database, jobId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(tokenBulkRows.batch) })
    .from(tokenBulkRows)
    .where(eq(tokenBulkRows.jobId, jobId));
  return row?.last ?? 0;
}

export async function updateRows(
  db: Database,
  ids: number[],
  patch: Partial<Pick<BulkRowRecord, 'status' | 'batch' | 'reason' | 'transactionHash'>>,
): Promise<void> {
  if (ids.length === 0) return;
  await db.update(tokenBulkRows).set(patch).where(inArray(tokenBulkRows.id, ids));
}

/** Row counts by status. */
export async function countByStatus(db: Database, jobId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: tokenBulkRows.status, n: count() })
    .from(tokenBulkRows)
    .where(eq(tokenBulkRows.jobId, jobId))
    .groupBy(tokenBulkRows.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** Transactions of the job that reached the chain (mined or reverted). */
export async function sentTransactions(db: Database, jobId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobTransactions)
    .where(and(eq(jobTransactions.jobId, jobId), inArray(jobTransactions.state, ['mined', 'reverted'])));
  return row?.n ?? 0;
}
