import type { Database } from '../../db/database.ts';
import { partitions } from '../partitions/schema.ts';

/** Descriptive names of the partitions the platform knows, by their bytes32 value (lower-cased hex). */
export async function partitionDescriptions(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ value: partitions.value, description: partitions.description })
    .from(partitions);
  return new Map(rows.map((row) => [row.value.toLowerCase(), row.description]));
}
