import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { jobs } from '../../jobs/schema.ts';
import { countJobKind } from './countJob.ts';

export type CountJobRow = typeof jobs.$inferSelect;

/** The newest job that counts the holders of the token at `contractAddress` (rules/countJob.ts), if any. */
export async function latestCountJob(
  db: Database,
  contractAddress: string,
): Promise<CountJobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, countJobKind), sql`${jobs.payload}->>'contractAddress' = ${contractAddress}`))
    .orderBy(desc(jobs.id))
    .limit(1);
  return row;
}

/** Whether a job is still to run or running. */
export const isUnderway = (job: CountJobRow | undefined) =>
  job?.state === 'queued' || job?.state === 'running';
