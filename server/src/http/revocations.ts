import { gt, lt } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { revokedSessions } from '../db/schema.ts';
import { publishInvalidation } from '../cache/notify.ts';

/**
 * The sessions ended by POST /logout, held in memory so that checking a request costs nothing: a logout adds its
 * token here at once and writes it to the database; every instance reads the rows other instances wrote every
 * {@link revocationPollMs}, so a logout holds everywhere within that time.
 */
export type RevokedSessions = {
  has: (tokenId: string) => boolean;
  /** Ends a session on this instance only (another instance's logout, told by NOTIFY: cache/invalidation.ts). */
  remember: (tokenId: string, expiresAt: number) => void;
  /** Ends a session on this instance and in the database (other instances: at their next sync). */
  revoke: (db: Database, tokenId: string, expiresAt: number) => Promise<void>;
  /** Reads the revocations written since the last sync (all unexpired ones on the first) and drops expired ones. */
  sync: (db: Database) => Promise<void>;
};

export const revocationPollMs = 1000;
/** Rows are read again this long after they were written: a slow commit on another instance is not missed. */
const overlapMs = 30_000;

export function createRevokedSessions(): RevokedSessions {
  const revoked = new Map<string, number>();
  let syncedUntil: Date | undefined;
  let lastPrune = 0;
  return {
    has: (tokenId) => {
      const expiresAt = revoked.get(tokenId);
      return expiresAt !== undefined && expiresAt > Date.now();
    },
    remember: (tokenId, expiresAt) => {
      revoked.set(tokenId, expiresAt);
    },
    revoke: async (db, tokenId, expiresAt) => {
      revoked.set(tokenId, expiresAt);
      await db
        .insert(revokedSessions)
        .values({ tokenId, expiresOn: new Date(expiresAt) })
        .onConflictDoNothing();
      // Every other instance at once on PostgreSQL; the poll stays as the fallback.
      await publishInvalidation(db, { kind: 'session', tokenId, expiresAt });
    },
    sync: async (db) => {
      const started = Date.now();
      const rows = await db
        .select({ tokenId: revokedSessions.tokenId, expiresOn: revokedSessions.expiresOn })
        .from(revokedSessions)
        .where(
          syncedUntil
            ? gt(revokedSessions.createdOn, new Date(syncedUntil.getTime() - overlapMs))
            : gt(revokedSessions.expiresOn, new Date(started)),
        );
      for (const row of rows) revoked.set(row.tokenId, row.expiresOn.getTime());
      syncedUntil = new Date(started);
      if (started - lastPrune > 60_000) {
        lastPrune = started;
        for (const [tokenId, expiresAt] of revoked) if (expiresAt <= started) revoked.delete(tokenId);
        await db.delete(revokedSessions).where(lt(revokedSessions.expiresOn, new Date(started)));
      }
    },
  };
}

/** Keeps `revoked` in step with the database until the returned stop function is called. */
export function pollRevocations(db: Database, revoked: RevokedSessions, onError: (error: unknown) => void) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    revoked
      .sync(db)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, revocationPollMs);
  timer.unref();
  return () => clearInterval(timer);
}
