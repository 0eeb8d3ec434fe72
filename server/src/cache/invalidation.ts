import type pg from 'pg';
import { type Database, isSharedDatabase } from '../db/database.ts';
import { channel, type Invalidation } from './notify.ts';
import type { ReadCaches } from './readCaches.ts';

export { type Invalidation, publishInvalidation } from './notify.ts';

export function applyInvalidation(caches: ReadCaches, message: Invalidation): void {
  if (message.kind === 'session') caches.revokedSessions.remember(message.tokenId, message.expiresAt);
  else caches.accounts.delete(message.accountId);
}

/**
 * Listens on one connection taken out of the pool (PostgreSQL only) and applies what other instances publish;
 * a lost connection is replaced after a second. Answers the stop function.
 */
export function listenForInvalidations(
  db: Database,
  caches: ReadCaches,
  onError: (error: unknown) => void,
): () => Promise<void> {
  if (!isSharedDatabase(db)) return async () => undefined;
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (stopped) return;
    try {
      const next = await pool.connect();
      next.on('notification', (notification) => {
        try {
          applyInvalidation(caches, JSON.parse(notification.payload ?? '') as Invalidation);
        } catch (error) {
          onError(error);
        }
      });
      next.on('error', (error) => {
        onError(error);
        if (client === next) client = undefined;
        next.release(true);
        timer = setTimeout(connect, 1000);
      });
      await next.query(`listen ${channel}`);
      client = next;
      if (stopped) await stop();
    } catch (error) {
      onError(error);
      timer = setTimeout(connect, 1000);
    }
  };
  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = undefined;
    if (current) {
      await current.query(`unlisten ${channel}`).catch(() => undefined);
      current.release();
    }
  };
  void connect();
  return stop;
}
