import type pg from 'pg';
import { type Database, isSharedDatabase } from '../db/database.ts';

/** The advisory lock key of the indexer's leadership (any instance holding it indexes; the others serve reads). */
const leaderLockKey = 727_275;

export type Leadership = {
  /** True when this instance holds (or just took) the leadership; false when another instance holds it. */
  acquire: () => Promise<boolean>;
  isLeader: () => boolean;
  release: () => Promise<void>;
};

/**
 * Indexer leadership. On PostgreSQL: a session advisory lock held on one connection taken out of the pool for as
 * long as this instance leads; when the leader's process dies its connection closes and PostgreSQL frees the
 * lock, and the next instance to try (every poll, a second or two) takes it. On PGlite the one instance leads.
 */
export function createLeadership(db: Database): Leadership {
  if (!isSharedDatabase(db)) {
    return { acquire: async () => true, isLeader: () => true, release: async () => undefined };
  }
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  let holder: pg.PoolClient | undefined;
  let lost = false;

  async function drop(destroy: boolean): Promise<void> {
    const client = holder;
    holder = undefined;
    if (!client) return;
    if (!destroy) await client.query('select pg_advisory_unlock($1)', [leaderLockKey]).catch(() => undefined);
    client.release(destroy ? true : undefined);
  }

  return {
    acquire: async () => {
      if (holder && !lost) {
        // Still connected? (A dead connection means PostgreSQL freed the lock: another may lead now.)
        try {
          await holder.query('select 1');
          return true;
        } catch {
          await drop(true);
        }
      }
      lost = false;
      const client = await pool.connect();
      try {
        const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          leaderLockKey,
        ]);
        if (result.rows[0]?.locked) {
          holder = client;
          client.on('error', () => {
            lost = true;
          });
          return true;
        }
      } catch {
        client.release(true);
        return false;
      }
      client.release();
      return false;
    },
    isLeader: () => holder !== undefined && !lost,
    release: () => drop(false),
  };
}
