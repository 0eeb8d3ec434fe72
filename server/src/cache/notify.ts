import { sql } from 'drizzle-orm';
import { type Database, isSharedDatabase } from '../db/database.ts';

/** What one instance tells the others to forget at once (PostgreSQL LISTEN/NOTIFY). */
export type Invalidation =
  | { kind: 'session'; tokenId: string; expiresAt: number }
  | { kind: 'account'; accountId: number };

export const channel = 'tranche_invalidate';

/**
 * Tells every instance on the database to drop a cached entry now (on PGlite there is one instance: nothing to
 * tell). The polling and cache lifetimes stay as the fallback for a notification lost with a connection.
 */
export async function publishInvalidation(db: Database, message: Invalidation): Promise<void> {
  if (!isSharedDatabase(db)) return;
  await db.execute(sql`select pg_notify(${channel}, ${JSON.stringify(message)})`);
}
