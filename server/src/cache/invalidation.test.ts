import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/database.ts';
import { listenForInvalidations, publishInvalidation } from './invalidation.ts';
import { createReadCaches } from './readCaches.ts';

/** Every connection to the test database ends (from outside its pool), as when an admin or a restart drops them. */
async function dropConnections(db: Database): Promise<void> {
  const result = await db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
      row?.name,
    ]);
  } finally {
    await admin.end();
  }
}

/** Publishes a revocation until this instance's cache has it (the listener connects in the background). */
async function reaches(db: Database, caches: ReturnType<typeof createReadCaches>, tokenId: string) {
  const until = Date.now() + 10_000;
  while (!caches.revokedSessions.has(tokenId)) {
    if (Date.now() > until) return false;
    await publishInvalidation(db, { kind: 'session', tokenId, expiresAt: Date.now() + 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** A fresh PostgreSQL database with this instance's listener on it, and the errors it reports. */
async function listening() {
  const handle = await createTestDatabase('postgresql');
  const caches = createReadCaches();
  const errors: unknown[] = [];
  const stop = listenForInvalidations(handle.db, caches, (error) => errors.push(error));
  return { handle, caches, errors, stop };
}

// LISTEN/NOTIFY is PostgreSQL's (on PGlite there is one instance and nothing to listen for).
describe.runIf(process.env.TEST_DATABASE_URL)('invalidations between instances (PostgreSQL)', () => {
  it('replaces a lost listening connection: what is published afterwards still arrives', async () => {
    const { handle, caches, errors, stop } = await listening();
    try {
      expect(await reaches(handle.db, caches, 'before')).toBe(true);
      await dropConnections(handle.db);
      expect(await reaches(handle.db, caches, 'after')).toBe(true);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await stop();
      await handle.close();
    }
  });

  it('gives its connection back to the pool once: the server closing it later throws nothing', async () => {
    const { handle, caches, errors, stop } = await listening();
    try {
      expect(await reaches(handle.db, caches, 'listening')).toBe(true);
      await stop();
      // The connection now idles in the pool; its end is the pool's to handle, not the stopped listener's (which
      // released it a second time: 'Release called on client which has already been released to the pool').
      await dropConnections(handle.db);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(errors).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
