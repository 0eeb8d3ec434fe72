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
  /** The listening connection, and how to give it back to the pool (once: a second release throws). */
  let listening: { client: pg.PoolClient; giveBack: (destroy: boolean) => void } | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const reconnect = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(connect, 1000);
  };

  const connect = async () => {
    if (stopped) return;
    try {
      const client = await pool.connect();
      const onNotification = (notification: pg.Notification) => {
        try {
          applyInvalidation(caches, JSON.parse(notification.payload ?? '') as Invalidation);
        } catch (error) {
          onError(error);
        }
      };
      const onClientError = (error: Error) => {
        onError(error);
        if (listening?.client === client) listening = undefined;
        giveBack(true);
        reconnect();
      };
      // Once given back, the connection is the pool's, and so are its later errors (the server closing it).
      let givenBack = false;
      const giveBack = (destroy: boolean) => {
        if (givenBack) return;
        givenBack = true;
        client.off('notification', onNotification);
        client.off('error', onClientError);
        client.release(destroy);
      };
      client.on('notification', onNotification);
      client.on('error', onClientError);
      try {
        await client.query(`listen ${channel}`);
      } catch (error) {
        giveBack(true);
        throw error;
      }
      listening = { client, giveBack };
      if (stopped) await stop();
    } catch (error) {
      onError(error);
      reconnect();
    }
  };
  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = listening;
    listening = undefined;
    if (current) {
      await current.client.query(`unlisten ${channel}`).catch(() => undefined);
      current.giveBack(false);
    }
  };
  void connect();
  return stop;
}
