/*
 * Over 300 lines, kept whole on purpose: createJobRunner is one closure whose parts (claim, lease renewal, finish,
 * the adopted jobs' tracking, the main loop) share the same in-memory state (the running jobs, the stopping flag,
 * the wake-up), which is what keeps a job from being run twice by one process; split, that state would have to
 * travel between files as mutable parameters.
 */
import { randomBytes } from 'node:crypto';
import { jobQueueMessages } from '@tranche/api';
import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { createLiveness, liveWorkerId } from './liveness.ts';
import { jobs } from './schema.ts';

export type JobRow = typeof jobs.$inferSelect;

/** What a handler gets besides its job row. */
export type JobTools = {
  /** Aborted when the runner stops or the job's lease was lost: stop at the next step boundary. */
  signal: AbortSignal;
  /** Writes the job's bookmark (step and progress) before the step acts. */
  setStep: (step: string, progress?: Record<string, unknown>) => Promise<void>;
};

/** A handler runs a job to its end; throwing {@link PermanentJobError} fails the job, any other error retries it. */
export type JobHandler = (job: JobRow, tools: JobTools) => Promise<void>;

export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/**
 * A lane: a named pool of slots its kinds' jobs run in, apart from the other lanes' jobs (claimed in id order within
 * it). Every kind runs in the default lane (the runner's `concurrency`) unless registered in another: webhook
 * deliveries have their own, so user work never waits behind them (an endpoint that never answers holds only a
 * slot of theirs).
 */
export type JobLane = {
  name: string;
  concurrency: number;
  /**
   * A payload key: of the lane's jobs with the same value under it, one runs at a time (across instances, bar a
   * claim race), e.g. one delivery per webhook endpoint, so that one endpoint never holds more than one slot.
   */
  oneAtATimeBy?: string;
};

/** The queued work of one account (the `owner` a user-facing enqueue names) is capped: answered as a 429. */
export class QueueFullError extends HttpError {
  constructor(readonly limit: number) {
    super(429, jobQueueMessages.full(limit));
    this.name = 'QueueFullError';
  }
}

/** Jobs an account's requests may have queued or running at once (deployments, bulk operations, pushes, replays). */
export const maxQueuedJobsPerAccount = 25;

/** The payload key naming the account a job was queued for (the per-account cap counts it). */
export const jobOwnerKey = 'queuedBy';

export type JobRunnerOptions = {
  /** Jobs of the default lane run at once by this process (default 2). */
  concurrency?: number;
  /** Lease a claimed job holds; renewed every third of it (default 30 s). */
  leaseMs?: number;
  /** Idle poll interval (default 1 s); {@link JobRunner.wake} claims at once. */
  pollMs?: number;
  /** Attempts before a job that keeps failing is marked failed (default 5). */
  maxAttempts?: number;
  /**
   * Take over jobs left 'running' by an earlier process at start without waiting for their lease (safe when no
   * other instance can share the database, e.g. the embedded PGlite). Default: true on PGlite. On PostgreSQL a
   * dead worker's jobs are taken over at once anyway, at start and on every poll (jobs/liveness.ts).
   */
  reclaimOnStart?: boolean;
};

export type JobRunner = {
  /** The id of this runner (written into locked_by; a new one if its liveness connection was lost). */
  readonly owner: string;
  /** Registers a kind's handler, in the default lane unless `lane` names another (its slots: the first naming). */
  register: (kind: string, handler: JobHandler, lane?: JobLane) => void;
  /**
   * Inserts a queued job (in `db`, e.g. a transaction, when given; not before `runAfter`) and wakes the runner.
   * With `owner` (the account a user-facing request queues it for), throws {@link QueueFullError} when that account
   * already has `limit` jobs queued or running.
   */
  enqueue: (
    kind: string,
    payload: Record<string, unknown>,
    db?: Database,
    options?: { runAfter?: Date; owner?: { accountId: number; limit: number } },
  ) => Promise<JobRow>;
  start: () => Promise<void>;
  /**
   * Stops claiming, lets running handlers finish for up to `drainMs` (graceful shutdown, SHUTDOWN_GRACE_S), then aborts
   * those still running (they resume at the next start) and waits for them (at most `timeoutMs`).
   */
  stop: (timeoutMs?: number, drainMs?: number) => Promise<void>;
  wake: () => void;
  /**
   * Inserts a job already claimed by this runner (in `db`, e.g. the database transaction that decides it), for
   * work that must start in the request (it holds secrets the database never sees). If this process dies, the
   * job's lease runs out (at once on restart on PGlite) and the kind's registered handler settles it.
   */
  adopt: (kind: string, payload: Record<string, unknown>, db?: Database) => Promise<JobRow>;
  /**
   * Runs an adopted job's first attempt here, renewing its lease: done when `action` answers; when it throws, the
   * job is queued again (or failed) and the registered handler finishes it, exactly as after a crash.
   */
  runAdopted: <T>(job: JobRow, action: (tools: JobTools) => Promise<T>) => Promise<T>;
  /** Resolves when no job of these kinds is queued or running in the database (tests and benchmarks). */
  idle: () => Promise<void>;
};

const runners = new WeakMap<FastifyInstance, JobRunner>();

/**
 * The app's one job runner: modules register their handlers on it during `register`; it starts when the app is
 * ready (resuming unfinished jobs) and stops when the app closes.
 */
export function jobRunnerOf(
  app: FastifyInstance,
  ctx: AppContext,
  options: JobRunnerOptions = {},
): JobRunner {
  const existing = runners.get(app);
  if (existing) return existing;
  const runner = createJobRunner(ctx.db, {
    reclaimOnStart: ctx.databaseKind === 'pglite',
    ...options,
  });
  runners.set(app, runner);
  app.addHook('onReady', async () => runner.start());
  // Graceful shutdown: running jobs may finish until the deadline main.ts set (SHUTDOWN_GRACE_S), then are interrupted.
  app.addHook('onClose', async () =>
    runner.stop(undefined, Math.max(0, (ctx.shutdown?.drainUntil ?? 0) - Date.now())),
  );
  return runner;
}

export function createJobRunner(db: Database, options: JobRunnerOptions = {}): JobRunner {
  const liveness = createLiveness(db);
  const newId = () => `${process.pid}-${randomBytes(4).toString('hex')}`;
  // Until start holds a liveness lock (never, for a runner used only to adopt), an id no runner probes: its jobs
  // wait for their lease to run out.
  let owner = newId();
  let live = false;
  const concurrency = options.concurrency ?? 2;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 1000;
  const maxAttempts = options.maxAttempts ?? 5;
  const handlers = new Map<string, JobHandler>();
  const defaultLane = 'default';
  /** Each lane's slots and kinds (the default lane's kinds: every registered kind not in another lane). */
  const lanes = new Map<string, { concurrency: number; kinds: Set<string>; oneAtATimeBy?: string }>([
    [defaultLane, { concurrency, kinds: new Set() }],
  ]);
  const running = new Map<number, { controller: AbortController; done: Promise<void>; lane: string }>();
  const laneOf = (kind: string) => [...lanes].find(([, lane]) => lane.kinds.has(kind))?.[0] ?? defaultLane;
  const runningIn = (lane: string) => [...running.values()].filter((r) => r.lane === lane).length;
  let started = false;
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  /** Claims the oldest runnable job of `kinds` (FOR UPDATE SKIP LOCKED: never one another worker claims). */
  async function claim(kinds: string[], oneAtATimeBy?: string): Promise<JobRow | undefined> {
    if (kinds.length === 0) return undefined;
    const candidate = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          inArray(jobs.state, ['queued', 'running']),
          // Never a job this process runs already (its lease may look expired under a long stall).
          running.size > 0 ? notInArray(jobs.id, [...running.keys()]) : undefined,
          or(isNull(jobs.leaseUntil), lt(jobs.leaseUntil, sql`now()`)),
          lte(jobs.runAfter, sql`now()`),
          oneAtATimeBy
            ? sql`not exists (select 1 from ${jobs} as busy where busy.state = 'running'
                and busy.lease_until >= now() and busy.kind = ${jobs.kind}
                and busy.payload ->> ${oneAtATimeBy} = ${jobs.payload} ->> ${oneAtATimeBy})`
            : undefined,
        ),
      )
      .orderBy(asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(jobs)
      .set({
        state: 'running',
        lockedBy: owner,
        leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        attempts: sql`${jobs.attempts} + 1`,
        updatedOn: new Date(),
      })
      .where(inArray(jobs.id, candidate))
      .returning();
    return row;
  }

  /** On PostgreSQL, holds this runner's liveness lock (under a new id at first and when it was lost). */
  async function holdLiveness(): Promise<boolean> {
    if (!liveness) return true;
    if (live && (await liveness.hold(owner))) return true;
    owner = liveWorkerId(newId());
    live = await liveness.hold(owner);
    return live;
  }

  /**
   * On PostgreSQL, holds this runner's liveness lock and frees the running jobs of workers whose lock is free (their
   * process died). False when this runner's lock cannot be held (then it claims nothing: others would take it back).
   */
  async function reclaimGone(): Promise<boolean> {
    if (!liveness) return true;
    if (!(await holdLiveness())) return false;
    const holders = await db
      .selectDistinct({ lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(and(eq(jobs.state, 'running'), ne(jobs.lockedBy, owner), gte(jobs.leaseUntil, sql`now()`)));
    const gone = await liveness.gone(holders.flatMap((row) => (row.lockedBy ? [row.lockedBy] : [])));
    if (gone.length > 0) {
      await db
        .update(jobs)
        .set({ leaseUntil: null, lockedBy: null })
        .where(and(eq(jobs.state, 'running'), inArray(jobs.lockedBy, gone)));
    }
    return true;
  }

  async function renew(id: number): Promise<boolean> {
    const rows = await db
      .update(jobs)
      .set({ leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, owner), eq(jobs.state, 'running')))
      .returning({ id: jobs.id });
    return rows.length === 1;
  }

  async function finish(job: JobRow, error: unknown): Promise<void> {
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, owner));
    if (error === undefined) {
      await db
        .update(jobs)
        .set({ state: 'done', leaseUntil: null, lockedBy: null, lastError: null, updatedOn: new Date() })
        .where(mine);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (stopping) {
      // Interrupted by shutdown: leave it for the next start, without counting the attempt.
      await db
        .update(jobs)
        .set({ leaseUntil: null, lockedBy: null, attempts: sql`${jobs.attempts} - 1`, updatedOn: new Date() })
        .where(mine);
      return;
    }
    const permanent = error instanceof PermanentJobError || job.attempts >= maxAttempts;
    await db
      .update(jobs)
      .set({
        state: permanent ? 'failed' : 'queued',
        leaseUntil: null,
        lockedBy: null,
        lastError: message.slice(0, 2000),
        runAfter: sql`now() + ${`${Math.min(60_000, 500 * 2 ** job.attempts)} milliseconds`}::interval`,
        updatedOn: new Date(),
      })
      .where(mine);
  }

  function run(job: JobRow): void {
    const handler = handlers.get(job.kind);
    if (!handler) return;
    void track(job, (tools) => handler(job, tools)).catch(() => undefined);
  }

  /** Runs `action` for a job claimed by this process, renewing its lease, then records its outcome. */
  function track<T>(job: JobRow, action: (tools: JobTools) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setInterval(
      () => {
        renew(job.id)
          .then((kept) => {
            if (!kept) controller.abort(new Error('The job lease was lost'));
          })
          .catch(() => undefined);
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    const tools: JobTools = {
      signal: controller.signal,
      setStep: async (step, progress) => {
        await db
          .update(jobs)
          .set({ step, ...(progress ? { progress } : {}), updatedOn: new Date() })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, owner)));
      },
    };
    let settled!: { value: T } | { error: unknown };
    const done = (async () => {
      let failure: unknown;
      try {
        settled = { value: await action(tools) };
      } catch (error) {
        failure = error ?? new Error('job failed');
        settled = { error: failure };
      } finally {
        clearInterval(timer);
      }
      await finish(job, failure).catch(() => undefined);
    })().finally(() => {
      running.delete(job.id);
      wakeUp?.();
    });
    running.set(job.id, { controller, done, lane: laneOf(job.kind) });
    return done.then(() => {
      if ('error' in settled) throw settled.error;
      return settled.value;
    });
  }

  async function mainLoop(): Promise<void> {
    while (!stopping) {
      let claimed = false;
      const open = [...lanes].filter(
        ([name, lane]) => lane.kinds.size > 0 && runningIn(name) < lane.concurrency,
      );
      const live = open.length > 0 ? await reclaimGone().catch(() => false) : false;
      for (const [, lane] of live ? open : []) {
        const job = await claim([...lane.kinds], lane.oneAtATimeBy).catch(() => undefined);
        if (job && !stopping) {
          run(job);
          claimed = true;
        }
      }
      if (claimed) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  }

  return {
    get owner() {
      return owner;
    },
    register: (kind, handler, lane) => {
      if (handlers.has(kind)) throw new Error(`A handler for job kind ${kind} is registered already`);
      handlers.set(kind, handler);
      const name = lane?.name ?? defaultLane;
      const entry = lanes.get(name) ?? {
        concurrency: lane?.concurrency ?? concurrency,
        kinds: new Set<string>(),
        oneAtATimeBy: lane?.oneAtATimeBy,
      };
      entry.kinds.add(kind);
      lanes.set(name, entry);
    },
    enqueue: async (kind, payload, inDb, options) => {
      const into = inDb ?? db;
      const owner = options?.owner;
      if (owner) {
        const [queued] = await into
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(
            and(
              inArray(jobs.state, ['queued', 'running']),
              sql`${jobs.payload} ->> ${jobOwnerKey} = ${String(owner.accountId)}`,
            ),
          );
        if ((queued?.n ?? 0) >= owner.limit) throw new QueueFullError(owner.limit);
      }
      const [row] = await into
        .insert(jobs)
        .values({
          kind,
          payload: owner ? { ...payload, [jobOwnerKey]: String(owner.accountId) } : payload,
          ...(options?.runAfter ? { runAfter: options.runAfter } : {}),
        })
        .returning();
      if (!row) throw new Error('The job was not recorded');
      wakeUp?.();
      return row;
    },
    start: async () => {
      if (started) return;
      started = true;
      if (options.reclaimOnStart) {
        await db.update(jobs).set({ leaseUntil: null, lockedBy: null }).where(eq(jobs.state, 'running'));
      }
      // Held before any job is adopted under this id (the loop's first pass then takes over dead workers' jobs).
      await holdLiveness();
      loop = mainLoop();
    },
    stop: async (timeoutMs = 10_000, drainMs = 0) => {
      if (!started || stopping) return;
      stopping = true;
      wakeUp?.();
      const within = (ms: number) =>
        Promise.race([
          Promise.all([...running.values()].map((r) => r.done)),
          new Promise((resolve) => setTimeout(resolve, ms).unref()),
        ]);
      if (drainMs > 0 && running.size > 0) await within(drainMs);
      for (const { controller } of running.values()) controller.abort(new Error('The server is stopping'));
      await within(timeoutMs);
      await loop;
      await liveness?.release();
    },
    wake: () => wakeUp?.(),
    adopt: async (kind, payload, inDb) => {
      const [row] = await (inDb ?? db)
        .insert(jobs)
        .values({
          kind,
          payload,
          state: 'running',
          lockedBy: owner,
          leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
          attempts: 1,
        })
        .returning();
      if (!row) throw new Error('The job was not recorded');
      return row;
    },
    runAdopted: (job, action) => track(job, action),
    idle: async () => {
      for (;;) {
        const kinds = [...handlers.keys()];
        const [row] = await db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(inArray(jobs.kind, kinds), inArray(jobs.state, ['queued', 'running'])))
          .limit(1);
        if (!row) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
