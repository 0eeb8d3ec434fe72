import { asc } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { partitions } from './schema.ts';

export type PartitionRow = typeof partitions.$inferSelect;

export async function listPartitions(db: Database): Promise<PartitionRow[]> {
  return db.select().from(partitions).orderBy(asc(partitions.name));
}

/** Answers undefined when the name or value exists already. */
export async function insertPartition(
  db: Database,
  values: { name: string; description: string; value: string },
): Promise<PartitionRow | undefined> {
  const [row] = await db.insert(partitions).values(values).onConflictDoNothing().returning();
  return row;
}
