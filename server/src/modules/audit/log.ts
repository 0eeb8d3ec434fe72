import { and, asc, desc, eq, gt, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { auditLog } from './schema.ts';
import { type ChainEntry, chainHash, entryDigest, genesisHash } from './verify.mjs';

export type AuditEntry = typeof auditLog.$inferSelect;

/** What a caller appends: the rest (seq, time, hashes) is set under the lock. */
export type NewAuditEntry = {
  accountId: number | null;
  actor: string | null;
  requestId: string | null;
  symbol: string | null;
  object: string | null;
  action: string;
  before?: unknown;
  after?: unknown;
};

/** One advisory lock key for every instance's appends (and one queue per process: PGlite has one connection). */
const lockKey = 'tranche:audit-log';
let queue: Promise<unknown> = Promise.resolve();

/**
 * JSON as PostgreSQL's jsonb keeps it (what is hashed must be what is read back): keys of objects deduplicated,
 * undefined dropped, bigints as strings, the characters jsonb refuses (NUL) removed.
 */
function asStored(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_, v: unknown) =>
      typeof v === 'bigint' ? v.toString() : typeof v === 'string' ? v.replaceAll('\u0000', '') : v,
    ) ?? 'null',
  );
}

/**
 * Appends entries to the operations log: under a transaction-scoped advisory lock (one appender at a time across
 * every instance; the seq primary key would refuse a fork anyway), each takes the next seq and the head's hash.
 */
export async function appendAudit(db: Database, items: NewAuditEntry[]): Promise<AuditEntry[]> {
  if (items.length === 0) return [];
  const run = () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
      const [head] = await tx
        .select({ seq: auditLog.seq, hash: auditLog.hash })
        .from(auditLog)
        .orderBy(desc(auditLog.seq))
        .limit(1);
      let seq = head?.seq ?? 0;
      let prevHash = head?.hash ?? genesisHash;
      const at = new Date().toISOString();
      const rows: ChainEntry[] = items.map((item) => {
        seq += 1;
        const content = {
          seq,
          at,
          accountId: item.accountId,
          actor: item.actor,
          requestId: item.requestId,
          symbol: item.symbol,
          object: item.object,
          action: item.action,
          before: asStored(item.before),
          after: asStored(item.after),
        };
        const hash = chainHash(prevHash, entryDigest(content));
        const row = { ...content, prevHash, hash };
        prevHash = hash;
        return row;
      });
      return tx.insert(auditLog).values(rows).returning();
    });
  const next = queue.catch(() => undefined).then(run);
  queue = next;
  return next;
}

/** The newest entry (the head), or undefined for an empty log. */
export async function headOf(db: Database): Promise<AuditEntry | undefined> {
  const [head] = await db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
  return head;
}

/** The condition of a token's entries: its symbol, or an object that is one of its contracts. */
export function ofToken(symbol: string, objects: string[]): SQL {
  const list = objects.filter((o) => o !== '').map((o) => o.toLowerCase());
  return (
    (list.length > 0 ? or(eq(auditLog.symbol, symbol), inArray(auditLog.object, list)) : undefined) ??
    eq(auditLog.symbol, symbol)
  );
}

export type AuditFilters = { actor?: string; action?: string; from?: string; to?: string };

function filtersOf(filters: AuditFilters): (SQL | undefined)[] {
  return [
    filters.actor ? sql`${auditLog.actor} ilike ${`%${filters.actor}%`}` : undefined,
    filters.action ? sql`${auditLog.action} like ${`${filters.action}%`}` : undefined,
    filters.from ? gte(auditLog.at, new Date(filters.from).toISOString()) : undefined,
    filters.to ? lte(auditLog.at, new Date(filters.to).toISOString()) : undefined,
  ];
}

/** A page of a token's entries, newest first, with the total count. */
export async function pageOf(
  db: Database,
  token: SQL,
  filters: AuditFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: AuditEntry[]; total: number }> {
  const where = and(token, ...filtersOf(filters));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Entries in seq order from `after` (exclusive), at most `limit` (the verifier's and the pack's walk). */
export function entriesAfter(
  db: Database,
  after: number,
  limit: number,
  upTo?: number,
): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.seq, after), upTo === undefined ? undefined : lte(auditLog.seq, upTo)))
    .orderBy(asc(auditLog.seq))
    .limit(limit);
}
