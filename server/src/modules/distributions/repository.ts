import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { jobs } from '../../jobs/schema.ts';
import { snapshotRows } from '../snapshots/schema.ts';
import { distributionContracts, distributionPayments, distributions } from './schema.ts';

export type DistributionRecord = typeof distributions.$inferSelect;
export type PaymentRecord = typeof distributionPayments.$inferSelect;

/** Balance per holder over a register's rows (its partitions summed). */
export async function holderBalances(db: Database, snapshotId: number): Promise<[string, bigint][]> {
  const rows = await db
    .select({ holder: snapshotRows.holder, balance: sql<string>`sum(${snapshotRows.balance})::text` })
    .from(snapshotRows)
    .where(eq(snapshotRows.snapshotId, snapshotId))
    .groupBy(snapshotRows.holder)
    .orderBy(asc(snapshotRows.holder));
  return rows.map((row) => [row.holder, BigInt(row.balance)]);
}

/** Inserts a distribution; `complete` gives the fields that depend on its id (nonce = id). */
export async function insertDistribution(
  db: Database,
  values: Omit<typeof distributions.$inferInsert, 'id' | 'onchainId'>,
  complete: (id: number) => { onchainId: string },
  payments: { index: number; holder: string; balance: string; amount: string }[],
): Promise<DistributionRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(distributions)
      .values({ ...values, onchainId: '' })
      .returning();
    if (!row) throw new Error('The distribution was not recorded');
    const [updated] = await tx
      .update(distributions)
      .set(complete(row.id))
      .where(eq(distributions.id, row.id))
      .returning();
    for (let start = 0; start < payments.length; start += 5000) {
      await tx
        .insert(distributionPayments)
        .values(payments.slice(start, start + 5000).map((p) => ({ distributionId: row.id, ...p })));
    }
    return updated ?? row;
  });
}

export async function findDistribution(db: Database, id: number): Promise<DistributionRecord | undefined> {
  const [row] = await db.select().from(distributions).where(eq(distributions.id, id)).limit(1);
  return row;
}

export async function distributionsOfSnapshots(
  db: Database,
  snapshotIds: number[],
): Promise<DistributionRecord[]> {
  if (snapshotIds.length === 0) return [];
  return db
    .select()
    .from(distributions)
    .where(inArray(distributions.snapshotId, snapshotIds))
    .orderBy(desc(distributions.id));
}

export async function paymentsOf(db: Database, distributionId: number): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(distributionPayments)
    .where(eq(distributionPayments.distributionId, distributionId))
    .orderBy(asc(distributionPayments.index));
}

export async function paymentsOfHolder(
  db: Database,
  holder: string,
): Promise<{ payment: PaymentRecord; distribution: DistributionRecord }[]> {
  return db
    .select({ payment: distributionPayments, distribution: distributions })
    .from(distributionPayments)
    .innerJoin(distributions, eq(distributions.id, distributionPayments.distributionId))
    .where(eq(distributionPayments.holder, holder))
    .orderBy(desc(distributions.id));
}

/** Removes a distribution nobody funded (its payments go with it). */
export async function deleteDistribution(db: Database, id: number): Promise<void> {
  await db.delete(distributions).where(eq(distributions.id, id));
}

export async function setPushJob(db: Database, id: number, jobId: number): Promise<void> {
  await db.update(distributions).set({ pushJobId: jobId }).where(eq(distributions.id, id));
}

export async function jobOf(db: Database, jobId: number | null) {
  if (jobId === null) return undefined;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId)).limit(1);
  return row;
}

/** The kind of the durable push job (routes.ts registers it). */
export const pushJobKind = 'distributionPush';

/** What the push jobs of a distribution paid: the `pushedAmount` each recorded in its progress, summed. */
export async function pushedAmountOf(db: Database, distributionId: number): Promise<bigint> {
  const [row] = await db
    .select({
      total: sql<string | null>`sum(coalesce((${jobs.progress}->>'pushedAmount')::numeric, 0))::text`,
    })
    .from(jobs)
    .where(
      and(eq(jobs.kind, pushJobKind), sql`(${jobs.payload}->>'distributionId')::int = ${distributionId}`),
    );
  return BigInt(row?.total ?? '0');
}

export async function contractAddressOf(
  db: Database,
  chainId: number,
  kind: 'distributor' | 'testStableToken',
): Promise<string | undefined> {
  const [row] = await db
    .select({ address: distributionContracts.address })
    .from(distributionContracts)
    .where(and(eq(distributionContracts.chainId, chainId), eq(distributionContracts.kind, kind)))
    .limit(1);
  return row?.address;
}

export async function saveContractAddress(
  db: Database,
  chainId: number,
  kind: 'distributor' | 'testStableToken',
  address: string,
): Promise<void> {
  await db.insert(distributionContracts).values({ chainId, kind, address }).onConflictDoNothing();
}
