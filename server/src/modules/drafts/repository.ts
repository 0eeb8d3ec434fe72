import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { draftInvestors, tokenDrafts } from './schema.ts';

export type DraftRow = typeof tokenDrafts.$inferSelect;
export type DraftInvestorRow = typeof draftInvestors.$inferSelect;
export type NewDraft = typeof tokenDrafts.$inferInsert;
export type NewDraftInvestor = Omit<typeof draftInvestors.$inferInsert, 'draftId'>;

export async function findDraftBySymbol(db: Database, symbol: string): Promise<DraftRow | undefined> {
  const [row] = await db
    .select()
    .from(tokenDrafts)
    .where(eq(sql`upper(${tokenDrafts.symbol})`, symbol.trim().toUpperCase()))
    .limit(1);
  return row;
}

export async function findDraftById(db: Database, id: number): Promise<DraftRow | undefined> {
  const [row] = await db.select().from(tokenDrafts).where(eq(tokenDrafts.id, id)).limit(1);
  return row;
}

export async function listInvestors(db: Database, draftId: number): Promise<DraftInvestorRow[]> {
  return db
    .select()
    .from(draftInvestors)
    .where(eq(draftInvestors.draftId, draftId))
    .orderBy(asc(draftInvestors.position));
}

/** Inserts a draft with its investors, or replaces the terms and investors of an existing one (same id). */
export async function saveDraft(
  db: Database,
  values: NewDraft,
  investors: NewDraftInvestor[],
  replaceId?: number,
): Promise<DraftRow> {
  return db.transaction(async (tx) => {
    let row: DraftRow | undefined;
    if (replaceId !== undefined) {
      [row] = await tx
        .update(tokenDrafts)
        .set({ ...values, updatedOn: new Date() })
        .where(and(eq(tokenDrafts.id, replaceId), eq(tokenDrafts.status, 0)))
        .returning();
      if (row) await tx.delete(draftInvestors).where(eq(draftInvestors.draftId, row.id));
    } else {
      [row] = await tx.insert(tokenDrafts).values(values).onConflictDoNothing().returning();
    }
    if (!row) throw new DraftConflict();
    const draftId = row.id;
    for (let start = 0; start < investors.length; start += 1000) {
      await tx
        .insert(draftInvestors)
        .values(investors.slice(start, start + 1000).map((i) => ({ ...i, draftId })));
    }
    return row;
  });
}

export class DraftConflict extends Error {
  constructor() {
    super('draft conflict');
    this.name = 'DraftConflict';
  }
}

export async function deleteDraft(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .delete(tokenDrafts)
    .where(and(eq(tokenDrafts.id, id), eq(tokenDrafts.status, 0)))
    .returning({ id: tokenDrafts.id });
  return rows.length === 1;
}

export async function updateDraft(db: Database, id: number, patch: Partial<NewDraft>): Promise<void> {
  await db
    .update(tokenDrafts)
    .set({ ...patch, updatedOn: new Date() })
    .where(eq(tokenDrafts.id, id));
}

/** Failed investors become pending again (a new deployment retries them). */
export async function resetFailedInvestors(db: Database, draftId: number): Promise<void> {
  await db
    .update(draftInvestors)
    .set({ status: 0, errorMessage: null, batch: null })
    .where(and(eq(draftInvestors.draftId, draftId), eq(draftInvestors.status, 3)));
}

export async function countInvestorsByStatus(db: Database, draftId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ status: draftInvestors.status, n: count() })
    .from(draftInvestors)
    .where(eq(draftInvestors.draftId, draftId))
    .groupBy(draftInvestors.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** The investors of the lowest batch still marked issuing (status 1), in entry order. */
export async function inFlightBatch(
  db: Database,
  draftId: number,
): Promise<{ batch: number; rows: DraftInvestorRow[] } | undefined> {
  const [first] = await db
    .select({ batch: sql<number>`min(${draftInvestors.batch})` })
    .from(draftInvestors)
    .where(and(eq(draftInvestors.draftId, draftId), eq(draftInvestors.status, 1)));
  if (first?.batch === null || first?.batch === undefined) return undefined;
  const batch = Number(first.batch);
  const rows = await db
    .select()
    .from(draftInvestors)
    .where(
      and(eq(draftInvestors.draftId, draftId), eq(draftInvestors.status, 1), eq(draftInvestors.batch, batch)),
    )
    .orderBy(asc(draftInvestors.position));
  return { batch, rows };
}

export async function nextPending(db: Database, draftId: number, limit: number): Promise<DraftInvestorRow[]> {
  return db
    .select()
    .from(draftInvestors)
    .where(and(eq(draftInvestors.draftId, draftId), eq(draftInvestors.status, 0)))
    .orderBy(asc(draftInvestors.position))
    .limit(limit);
}

export async function lastBatchNumber(db: Database, draftId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(draftInvestors.batch) })
    .from(draftInvestors)
    .where(eq(draftInvestors.draftId, draftId));
  return row?.last ?? 0;
}

export async function markIssuing(db: Database, ids: number[], batch: number): Promise<void> {
  if (ids.length === 0) return;
  await db.update(draftInvestors).set({ status: 1, batch }).where(inArray(draftInvestors.id, ids));
}

export async function markIssued(db: Database, ids: number[], transactionHash: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(draftInvestors)
    .set({ status: 2, transactionHash, errorMessage: null })
    .where(inArray(draftInvestors.id, ids));
}

export async function markFailed(
  db: Database,
  ids: number[],
  errorMessage: string,
  transactionHash: string | null = null,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(draftInvestors)
    .set({ status: 3, errorMessage: errorMessage.slice(0, 1000), transactionHash })
    .where(inArray(draftInvestors.id, ids));
}
