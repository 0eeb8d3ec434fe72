import type pg from 'pg';
import { type Database, isSharedDatabase } from '../db/database.ts';

/** The first key of every worker's liveness lock (the second is the hash of its worker id). */
const livenessLockKey = 727_276;

/** Worker ids that hold a liveness lock start with this; others (an instance without it) are never probed. */
const livePrefix = 'live:';

export type Liveness = {
  /**
   * True when this worker id's lock is held (taken now, or still held on a live connection); false when another
   * session holds it or its connection was lost (others may be taking its jobs): go on under a new id.
   */
  hold: (owner: string) => Promise<boolean>;
  /** Of these worker ids, the ones whose lock is free: their connection is gone, so their process died. */
  gone: (owners: string[]) => Promise<string[]>;
  release: () => Promise<void>;
};

/** A fresh worker id that {@link Liveness.gone} probes. */
export function liveWorkerId(id: string): string {
  return `${livePrefix}${id}`;
}

/**
 * Job runner liveness on PostgreSQL (undefined on PGlite, whose one instance reclaims at start). Each runner holds,
 * for its lifetime, a session advisory lock keyed by its worker id, on one connection taken out of the pool (as the
 * indexer's leadership does). When its process dies the connection closes and PostgreSQL frees the lock: another
 * runner that can take the lock (and lets it go at once) knows the worker is gone and takes its jobs over without
 * waiting for their lease.
 */
export function createLiveness(db: Database): Liveness | undefined {
  if (!isSharedDatabase(db)) return undefined;
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  let holder: { client: pg.PoolClient; owner: string; lost: boolean } | undefined;

  async function drop(destroy: boolean): Promise<void> {
    const held = holder;
    holder = undefined;
    if (!held) return;
    if (!destroy) {
      await held.client
        .query('select pg_advisory_unlock($1, hashtext($2))', [livenessLockKey, held.owner])
        .catch(() => undefined);
    }
    held.client.release(destroy ? true : undefined);
  }

  return {
    hold: async (owner) => {
      if (holder?.owner === owner) {
        const alive =
          !holder.lost &&
          (await holder.client.query('select 1').then(
            () => true,
            () => false,
          ));
        if (alive) return true;
        await drop(true);
        return false;
      }
      await drop(false);
      const client = await pool.connect();
      try {
        const result = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1, hashtext($2)) as locked',
          [livenessLockKey, owner],
        );
        if (result.rows[0]?.locked) {
          const held = { client, owner, lost: false };
          client.on('error', () => {
            held.lost = true;
          });
          holder = held;
          return true;
        }
      } catch (error) {
        client.release(true);
        throw error;
      }
      client.release();
      return false;
    },
    gone: async (owners) => {
      const probed = owners.filter((owner) => owner.startsWith(livePrefix));
      if (probed.length === 0) return [];
      const client = await pool.connect();
      try {
        const result = await client.query<{ owner: string }>(
          `select owner from unnest($2::text[]) as owner where pg_try_advisory_lock($1, hashtext(owner))`,
          [livenessLockKey, probed],
        );
        const gone = result.rows.map((row) => row.owner);
        if (gone.length > 0) {
          await client.query(
            'select pg_advisory_unlock($1, hashtext(owner)) from unnest($2::text[]) as owner',
            [livenessLockKey, gone],
          );
        }
        client.release();
        return gone;
      } catch (error) {
        // Never back into the pool holding a probed lock.
        client.release(true);
        throw error;
      }
    },
    release: () => drop(false),
  };
}
