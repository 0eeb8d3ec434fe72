import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { jobs, jobTransactions } from '../jobs/schema.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../modules/webhooks/schema.ts';
import { indexerCursors } from '../modules/tokens/schema.ts';
import type { Metrics } from './metrics.ts';

/**
 * A server-signed transaction still unmined this long after it was signed counts as stuck (the replacement sweep
 * has by then tried a higher fee several times: chain/chainService.ts replaces after 30 s).
 */
export const stuckTransactionSeconds = 300;

/** How long a scrape waits for the chain's head before it reports the chain down. */
const chainTimeoutMs = 5000;

/** What the scrape reads besides the tables: the indexer's leadership (indexer/indexer.ts). */
export type ScrapeSources = { isIndexerLeader: () => boolean };

/**
 * Sets the gauges read at scrape time from the tables (jobs, job_transactions, indexer_cursors, webhook_*) and the
 * chain's head. A database or chain that does not answer sets `tranche_database_up` / `tranche_chain_up` to 0 and
 * leaves its series out, so a scrape still answers.
 */
export async function refreshTableMetrics(
  ctx: Pick<AppContext, 'db' | 'chain'>,
  metrics: Metrics,
  sources: ScrapeSources,
): Promise<void> {
  const [head, tables] = await Promise.all([
    withTimeout(ctx.chain.blockNumber(), chainTimeoutMs).catch(() => undefined),
    readTables(ctx.db).catch(() => undefined),
  ]);
  metrics.chain.up.set(head === undefined ? 0 : 1);
  metrics.chain.head.reset();
  if (head !== undefined) metrics.chain.head.set(head);
  metrics.database.up.set(tables === undefined ? 0 : 1);
  metrics.indexer.leader.set(sources.isIndexerLeader() ? 1 : 0);
  setPool(ctx.db, metrics);

  const { indexer, jobs: jobMetrics, transactions, webhooks } = metrics;
  for (const series of [
    indexer.lag,
    jobMetrics.queued,
    jobMetrics.runnable,
    jobMetrics.running,
    jobMetrics.oldestAge,
    jobMetrics.failed,
    transactions.pending,
    webhooks.failures,
    webhooks.pending,
    webhooks.failingFor,
  ])
    series.reset();
  if (!tables) return;

  if (head !== undefined) {
    for (const cursor of tables.cursors)
      indexer.lag.set(
        { contract: cursor.contractAddress, kind: cursor.kind },
        Math.max(0, head - cursor.lastBlock),
      );
  }
  for (const row of tables.jobs) {
    const kind = { kind: row.kind };
    jobMetrics.queued.set(kind, row.queued);
    jobMetrics.runnable.set(kind, row.runnable);
    jobMetrics.running.set(kind, row.running);
    jobMetrics.oldestAge.set(kind, row.oldestAge);
    jobMetrics.failed.inc(kind, row.failed);
  }
  for (const row of tables.transactions) {
    transactions.pending.set({ address: row.address, state: 'pending' }, row.pending);
    transactions.pending.set({ address: row.address, state: 'stuck' }, row.stuck);
  }
  for (const row of tables.webhookFailures)
    webhooks.failures.inc({ endpoint: String(row.endpointId) }, row.failures);
  for (const row of tables.webhookPending)
    webhooks.pending.set({ endpoint: String(row.endpointId) }, row.pending);
  for (const row of tables.failingEndpoints)
    webhooks.failingFor.set({ endpoint: String(row.id) }, row.seconds);
}

/** The scrape's reads, each one grouped query (the jobs one uses the claim index on state). */
async function readTables(db: Database) {
  const queuedNow = sql`${jobs.state} = 'queued' and ${jobs.runAfter} <= now()`;
  const stuck = sql`${jobTransactions.createdOn} <= now() - make_interval(secs => ${stuckTransactionSeconds})`;
  const failedAttempt = or(
    isNull(webhookAttempts.statusCode),
    sql`${webhookAttempts.statusCode} not between 200 and 299`,
  );
  const [cursors, jobRows, transactions, webhookFailures, webhookPending, failingEndpoints] =
    await Promise.all([
      db
        .select({
          contractAddress: indexerCursors.contractAddress,
          kind: indexerCursors.kind,
          lastBlock: indexerCursors.lastBlock,
        })
        .from(indexerCursors),
      db
        .select({
          kind: jobs.kind,
          queued: sql<number>`count(*) filter (where ${jobs.state} = 'queued')`.mapWith(Number),
          runnable: sql<number>`count(*) filter (where ${queuedNow})`.mapWith(Number),
          running: sql<number>`count(*) filter (where ${jobs.state} = 'running')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${jobs.state} = 'failed')`.mapWith(Number),
          oldestAge:
            sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAfter}) filter (where ${queuedNow})), 0)`.mapWith(
              Number,
            ),
        })
        .from(jobs)
        .where(inArray(jobs.state, ['queued', 'running', 'failed']))
        .groupBy(jobs.kind),
      db
        .select({
          address: jobTransactions.fromAddress,
          pending: sql<number>`count(*) filter (where not (${stuck}))`.mapWith(Number),
          stuck: sql<number>`count(*) filter (where ${stuck})`.mapWith(Number),
        })
        .from(jobTransactions)
        .where(eq(jobTransactions.state, 'signed'))
        .groupBy(jobTransactions.fromAddress),
      db
        .select({
          endpointId: webhookDeliveries.endpointId,
          failures: sql<number>`count(*)`.mapWith(Number),
        })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(failedAttempt)
        .groupBy(webhookDeliveries.endpointId),
      db
        .select({ endpointId: webhookDeliveries.endpointId, pending: sql<number>`count(*)`.mapWith(Number) })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.state, 'pending'))
        .groupBy(webhookDeliveries.endpointId),
      db
        .select({
          id: webhookEndpoints.id,
          seconds: sql<number>`extract(epoch from now() - ${webhookEndpoints.failingSince})`.mapWith(Number),
        })
        .from(webhookEndpoints)
        .where(and(isNotNull(webhookEndpoints.failingSince), isNull(webhookEndpoints.disabledOn))),
    ]);
  return { cursors, jobs: jobRows, transactions, webhookFailures, webhookPending, failingEndpoints };
}

/** Pool use on PostgreSQL (node-postgres' counters); PGlite is one connection in the process. */
function setPool(db: Database, metrics: Metrics): void {
  const client = (db as unknown as { $client?: unknown }).$client;
  const { pool, poolMax } = metrics.database;
  pool.reset();
  if (client instanceof pg.Pool) {
    pool.set({ state: 'total' }, client.totalCount);
    pool.set({ state: 'idle' }, client.idleCount);
    pool.set({ state: 'waiting' }, client.waitingCount);
    poolMax.set(client.options.max ?? 10);
  } else {
    pool.set({ state: 'total' }, 1);
    poolMax.set(1);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
