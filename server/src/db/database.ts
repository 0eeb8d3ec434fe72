import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { oneLine, StartupError } from '../errors.ts';

/** The Drizzle database every repository takes: the same API on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgresql';

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** Where it lives, without any password (for messages). */
  location: string;
  close: () => Promise<void>;
};

/** The PostgreSQL extensions the migrations create, which PGlite loads from its contrib builds. */
export const pgliteExtensions = { pg_trgm };

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type OpenDatabaseOptions = {
  /** PostgreSQL at this URL; when unset, PGlite. */
  url?: string;
  /** PGlite's directory; in memory when unset. */
  dataDir?: string;
};

/** Opens the database and brings it to the newest migration. Connection problems throw {@link StartupError}. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir);
}

/** The URL with its password hidden. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const location = describeDatabaseUrl(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StartupError(
      'DATABASE_URL is not a valid URL. Expected postgres://user:password@host:5432/database, or unset it to use the embedded database.',
    );
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new StartupError(
      `DATABASE_URL must start with postgres:// or postgresql:// (got ${parsed.protocol}//). Unset it to use the embedded database.`,
    );
  }
  const migrationClient = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await migrationClient.connect();
  } catch (error) {
    await migrationClient.end().catch(() => undefined);
    throw new StartupError(
      `Cannot connect to the database at DATABASE_URL=${location}: ${oneLine((error as Error).message || String(error))}`,
    );
  }
  try {
    // One instance migrates at a time when several start together.
    await migrationClient.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(migrationClient), { migrationsFolder });
    await migrationClient.query('select pg_advisory_unlock(727274)');
  } catch (error) {
    throw new StartupError(
      `Could not migrate the database at ${location}: ${oneLine((error as Error).message)}`,
    );
  } finally {
    await migrationClient.end().catch(() => undefined);
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  pool.on('error', () => undefined);
  const db = drizzlePg(pool) as unknown as Database;
  return { db, kind: 'postgresql', location, close: () => pool.end() };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  } catch (error) {
    throw new StartupError(
      `Cannot open the embedded database in ${dataDir}: ${oneLine((error as Error).message)}. Is another Tranche running with the same DATA_DIR?`,
    );
  }
  return openPgliteClient(client, dataDir ?? 'memory');
}

/** Wraps an open PGlite client and brings it to the newest migration. */
export async function openPgliteClient(
  client: PGlite,
  location: string,
): Promise<DatabaseHandle & { client: PGlite }> {
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    location,
    client,
    close: () => client.close(),
  };
}

/** True when the database is PostgreSQL through a pool (several instances may share it); false on PGlite. */
export function isSharedDatabase(db: Database): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof pg.Pool;
}

/** `select 1` through the pool: true when the database answers. */
export async function pingDatabase(db: Database): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}
