import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, databaseKinds } from '../../test/helpers.ts';
import type { Database } from '../db/database.ts';
import { createJobRunner, type JobRunner } from './runner.ts';
import { jobs } from './schema.ts';

const kind = 'test.crash';
const waitLong = { timeout: 60_000, interval: 50 };

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** A runner whose handler starts the job and then hangs until it is aborted: the job stays 'running', as in a crash. */
async function hangingRunner(db: Database, events: string[], options: { reclaimOnStart?: boolean } = {}) {
  const runner = createJobRunner(db, { concurrency: 1, pollMs: 60_000, leaseMs: 30_000, ...options });
  let started!: () => void;
  const startedJob = new Promise<void>((resolve) => {
    started = resolve;
  });
  runner.register(kind, async (job, { signal }) => {
    events.push(`A started ${job.payload.name}`);
    started();
    await new Promise((resolve) => signal.addEventListener('abort', resolve));
  });
  await runner.start();
  cleanup.push(() => runner.stop(1000));
  return { runner, startedJob };
}

async function finishingRunner(db: Database, events: string[], options: { reclaimOnStart?: boolean } = {}) {
  const runner = createJobRunner(db, { pollMs: 100, ...options });
  runner.register(kind, async (job) => {
    events.push(`B ran ${job.payload.name}`);
  });
  await runner.start();
  cleanup.push(() => runner.stop(1000));
  return runner;
}

async function jobRow(db: Database, id: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} is gone`);
  return row;
}

/** True while `until` (a lease's end) is still in the database's future. */
async function stillFuture(db: Database, until: Date): Promise<boolean> {
  const [row] = await db
    .select({ future: sql<boolean>`now() < ${until.toISOString()}::timestamptz` })
    .from(jobs)
    .limit(1);
  return row?.future === true;
}

async function claimedByA(db: Database, a: JobRunner, id: number) {
  const row = await jobRow(db, id);
  expect(row).toMatchObject({ state: 'running', lockedBy: a.owner });
  if (!row.leaseUntil) throw new Error('a running job has a lease');
  return row.leaseUntil;
}

// PostgreSQL only (TEST_DATABASE_URL): several instances share it.
for (const kindOfDatabase of databaseKinds.filter((k) => k === 'postgresql')) {
  describe(`job runner on ${kindOfDatabase}`, () => {
    it("takes a dead worker's running job over on its next poll, never a live worker's", async () => {
      const database = await createTestDatabase(kindOfDatabase);
      cleanup.push(() => database.close());
      const events: string[] = [];
      // Runner A: its own pool, named so that its connections can be cut as a crash would.
      const poolA = new pg.Pool({ connectionString: database.location, application_name: 'runner-a' });
      poolA.on('error', () => undefined);
      const a = await hangingRunner(drizzle(poolA) as unknown as Database, events);
      const job = await a.runner.enqueue(kind, { name: 'job 1' });
      await a.startedJob;
      const leaseA = await claimedByA(database.db, a.runner, job.id);

      const b = await finishingRunner(database.db, events);
      // B passes its liveness probe before each claim: once it has run a job of its own, it has seen A's lock held.
      const own = await b.enqueue(kind, { name: 'job 2' });
      await vi.waitFor(async () => expect((await jobRow(database.db, own.id)).state).toBe('done'), waitLong);
      await claimedByA(database.db, a.runner, job.id);
      expect(events).toEqual(['A started job 1', 'B ran job 2']);

      // A crashes: no new connection, and the ones it has are cut (its liveness lock goes with them).
      void poolA.end();
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'runner-a'`,
      );
      await vi.waitFor(async () => expect((await jobRow(database.db, job.id)).state).toBe('done'), waitLong);
      expect(await stillFuture(database.db, leaseA)).toBe(true);
      expect(events).toEqual(['A started job 1', 'B ran job 2', 'B ran job 1']);
      expect(await jobRow(database.db, job.id)).toMatchObject({
        attempts: 2,
        lockedBy: null,
        lastError: null,
      });
    });
  });
}

describe('job runner on PGlite', () => {
  it('a restarted runner takes the running jobs over at start (the one instance)', async () => {
    const database = await createTestDatabase('pglite');
    cleanup.push(() => database.close());
    const events: string[] = [];
    const a = await hangingRunner(database.db, events, { reclaimOnStart: true });
    const job = await a.runner.enqueue(kind, { name: 'job 1' });
    await a.startedJob;
    const leaseA = await claimedByA(database.db, a.runner, job.id);

    // The process restarts: its new runner does not wait for the lease.
    await finishingRunner(database.db, events, { reclaimOnStart: true });
    await vi.waitFor(async () => expect((await jobRow(database.db, job.id)).state).toBe('done'), waitLong);
    expect(await stillFuture(database.db, leaseA)).toBe(true);
    expect(events).toEqual(['A started job 1', 'B ran job 1']);
  });
});

describe.each(databaseKinds)('job runner lanes on %s', (kindOfDatabase) => {
  it('a lane of its own: user jobs run while its jobs hang, and one of a group runs at a time', async () => {
    const database = await createTestDatabase(kindOfDatabase);
    cleanup.push(() => database.close());
    const runner = createJobRunner(database.db, { pollMs: 100 });
    const hanging: string[] = [];
    runner.register(
      'test.slow',
      async (job, { signal }) => {
        hanging.push(String(job.payload.name));
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        throw new Error('stopped');
      },
      { name: 'slow', concurrency: 3, oneAtATimeBy: 'group' },
    );
    const ran: string[] = [];
    runner.register(kind, async (job) => {
      ran.push(String(job.payload.name));
    });
    await runner.start();
    cleanup.push(() => runner.stop(1000));
    // Ahead of the user job in the queue: five of group a, one of group b (the lane has three slots).
    for (const [name, group] of [
      ['a1', 'a'],
      ['a2', 'a'],
      ['a3', 'a'],
      ['a4', 'a'],
      ['a5', 'a'],
      ['b1', 'b'],
    ])
      await runner.enqueue('test.slow', { name, group });
    const user = await runner.enqueue(kind, { name: 'user job' });
    await vi.waitFor(async () => expect((await jobRow(database.db, user.id)).state).toBe('done'), waitLong);
    await vi.waitFor(() => expect([...hanging].sort()).toEqual(['a1', 'b1']), waitLong);
    expect(ran).toEqual(['user job']);
    // Still one of group a running after a few more polls: the lane's third slot stays free.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([...hanging].sort()).toEqual(['a1', 'b1']);
  });
});
