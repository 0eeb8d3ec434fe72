import fastifyRateLimit from '@fastify/rate-limit';
import { accountErrors, type RouteId } from '@tranche/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { HttpError } from '../errors.ts';

/** The guarded kinds of request: each has its own counters. */
export type ThrottleKind = 'login' | 'signUp' | 'confirm' | 'forgotPassword' | 'resetPassword' | 'secret';

/**
 * Every throttle of the API (README's configuration table). Per address: at most `perAddress[kind]` requests of a
 * kind per client address per hour. Per address + account: `perAccount` attempts, then a delay of `delayMs`
 * that doubles each time a window ended over the limit, up to `maxDelayMs`; a success (a 2xx answer) clears it.
 * Per account from all addresses together, for a secret (password, reset code, access code): `accountFailures`
 * wrong ones in a window of `delayMs` (doubling while windows end over it, up to
 * `accountMaxDelayMs`) slow the account down: until the window ends an address that failed on it since its last
 * success waits, an address without failures of its own is still checked (so a right password from the owner's
 * device passes), and the owner is mailed. For the mail-sending kinds (sign-up, forgot password): `accountPerHour`.
 */
export type ThrottleSettings = {
  perAddress: Record<ThrottleKind, number>;
  perAccount: number;
  /** PDF passwords and access codes: above the sharding module's own 5-in-a-row lock of one key, so that lock speaks first. */
  secretPerAccount: number;
  delayMs: number;
  maxDelayMs: number;
  accountFailures: number;
  accountMaxDelayMs: number;
  accountPerHour: number;
};

export const defaultThrottles: ThrottleSettings = {
  perAddress: { login: 300, signUp: 60, confirm: 60, forgotPassword: 30, resetPassword: 60, secret: 300 },
  perAccount: 5,
  secretPerAccount: 10,
  delayMs: 60_000,
  maxDelayMs: 3_600_000,
  accountFailures: 10,
  accountMaxDelayMs: 900_000,
  accountPerHour: 50,
};

const hourMs = 3_600_000;

/** Which kind of throttle a route of the table gets (none for the others). */
export function throttleKindOf(id: RouteId, bodyKeys: readonly string[]): ThrottleKind | undefined {
  const byRoute: Partial<Record<RouteId, ThrottleKind>> = {
    login: 'login',
    createAccount: 'signUp',
    confirmAccount: 'confirm',
    forgotPassword: 'forgotPassword',
    resetPassword: 'resetPassword',
  };
  const kind = byRoute[id];
  if (kind) return kind;
  return bodyKeys.some((key) => key === 'accessCode' || key === 'pdfPassword') ? 'secret' : undefined;
}

/** The account a request is about: the login or email it names, else the session's account. */
function accountOf(request: FastifyRequest): string | undefined {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const named = body.loginName ?? body.emailAddress;
  if (typeof named === 'string' && named !== '') return named.trim().toLowerCase();
  return request.session ? `#${request.session.accountId}` : undefined;
}

type StoreResult = { current: number; ttl: number };
type StoreParams = { growing?: boolean; maxDelayMs?: number };

/** The callbacks that give a counter's row (or none: 0) to a store's `done`. */
function answerTo(done: (error: Error | null, result?: StoreResult) => void) {
  return [
    (result: unknown) => {
      const row = (result as { rows: { hits: number; ttl: string }[] }).rows[0];
      done(null, { current: Number(row?.hits ?? 0), ttl: Math.max(0, Math.ceil(Number(row?.ttl ?? 0))) });
    },
    (error: Error) => done(error),
  ] as const;
}

/**
 * A store for @fastify/rate-limit in the database: one atomic upsert per request counts it and answers the
 * count, so parallel requests (on one instance or many) cannot pass a limit. A `growing` limiter's next window
 * doubles each time a window ended over its limit (up to `maxDelayMs`); a quiet window starts over.
 */
function databaseStore(db: Database) {
  return class DatabaseStore {
    readonly growing: boolean;
    readonly maxDelayMs: number;
    constructor(params: object) {
      const { growing, maxDelayMs } = params as StoreParams;
      this.growing = growing === true;
      this.maxDelayMs = maxDelayMs ?? hourMs;
    }
    incr(
      key: string,
      done: (error: Error | null, result?: StoreResult) => void,
      windowMs: number,
      max: number,
    ) {
      const growing = sql`${this.growing}::boolean`;
      const window = sql`${windowMs}::double precision`;
      const expired = sql`rate_limits.resets_on <= now()`;
      const strikes = sql`case when not ${expired} then rate_limits.strikes
        when ${growing} and rate_limits.hits > ${max}::integer then least(rate_limits.strikes + 1, 30) else 0 end`;
      db.execute<{ hits: number; ttl: string }>(sql`
        insert into rate_limits (key, hits, strikes, resets_on)
        values (${key}::text, 1, 0, now() + ${window} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when ${expired} then 1 else rate_limits.hits + 1 end,
          strikes = ${strikes},
          resets_on = case when not ${expired} then rate_limits.resets_on
            else now() + least(${window} * power(2, ${strikes}), greatest(${this.maxDelayMs}::double precision, ${window}))
              * interval '1 millisecond' end
        returning hits, (extract(epoch from (resets_on - now())) * 1000)::text as ttl`).then(
        ...answerTo(done),
      );
    }
    /** The count of a key's current window without counting (`{ increment: false }`). */
    read(key: string, done: (error: Error | null, result?: StoreResult) => void) {
      db.execute(sql`
        select hits, (extract(epoch from (resets_on - now())) * 1000)::text as ttl
        from rate_limits where key = ${key}::text and resets_on > now()`).then(...answerTo(done));
    }
    child(params: object) {
      return new DatabaseStore(params);
    }
  };
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * The answers that mean a wrong secret, counted against the account from all addresses: a wrong password (401; 403
 * is an unconfirmed account's right one), a wrong reset code or link (400), a wrong access code or PDF password (403).
 */
const wrongAnswers: Partial<Record<ThrottleKind, number[]>> = {
  login: [401],
  resetPassword: [400],
  secret: [400, 403],
};

/**
 * Kinds that check a secret: a 2xx answer proves it right, so the address + account counter starts over; a wrong
 * one counts against the account from all addresses.
 */
const clearedOnSuccess: ReadonlySet<ThrottleKind> = new Set(Object.keys(wrongAnswers) as ThrottleKind[]);

export type Throttles = {
  /** The preHandler of a throttled route (after validation, so the body's login is known). */
  guard: (kind: ThrottleKind) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * The onResponse of a throttled route: after a 2xx login, reset or secret, its counter starts over; a wrong one
   * (`wrongAnswers`, after the guard) counts against the account from all addresses.
   */
  settle: (kind: ThrottleKind) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/**
 * Told once per window when wrong secrets from all addresses slow an account down: `account` is the login or
 * email named in the body, or `#<id>` for the session's account.
 */
export type AccountSlowedNotice = (kind: ThrottleKind, account: string) => Promise<void>;

/** Registers @fastify/rate-limit (no global limit) and answers the guards the throttled routes use. */
export async function installThrottles(
  app: FastifyInstance,
  db: Database,
  settings: ThrottleSettings,
  onAccountSlowed: AccountSlowedNotice = async () => undefined,
): Promise<Throttles> {
  await app.register(fastifyRateLimit, { global: false, store: databaseStore(db), skipOnError: false });
  const keyGenerator = (request: FastifyRequest) => request.throttleKey ?? '';
  const perAddress = new Map<ThrottleKind, Limiter>();
  for (const kind of Object.keys(settings.perAddress) as ThrottleKind[]) {
    perAddress.set(
      kind,
      app.createRateLimit({ max: settings.perAddress[kind], timeWindow: hourMs, keyGenerator }),
    );
  }
  const growingLimit = (max: number) =>
    app.createRateLimit({
      max,
      timeWindow: settings.delayMs,
      keyGenerator,
      growing: true,
      maxDelayMs: settings.maxDelayMs,
    } as Parameters<FastifyInstance['createRateLimit']>[0]);
  const perAddressAndAccount = growingLimit(settings.perAccount);
  const secretPerAddressAndAccount = growingLimit(settings.secretPerAccount);
  const perAccount = app.createRateLimit({ max: settings.accountPerHour, timeWindow: hourMs, keyGenerator });
  // Wrong secrets on one account from all addresses: counted after the answer, read before the check.
  const failureStore = new (databaseStore(db))({ growing: true, maxDelayMs: settings.accountMaxDelayMs });
  const accountFailures = (account: string, method: 'incr' | 'read') =>
    new Promise<StoreResult>((resolve, reject) => {
      const key = `${account}|account-failures`;
      const done = (error: Error | null, result?: StoreResult) =>
        error || !result ? reject(error) : resolve(result);
      if (method === 'read') failureStore.read(key, done);
      // Slowed from the `accountFailures`-th wrong one: a window that ended there makes the next one longer.
      else failureStore.incr(key, done, settings.delayMs, settings.accountFailures - 1);
    });

  const refuse = (reply: FastifyReply, ttlMs: number): never => {
    reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
    throw new HttpError(429, accountErrors.tooManyAttempts);
  };
  /** Counts the request under `key`; refuses it over the limit. Answers the count of the window, this one included. */
  const check = async (limiter: Limiter, request: FastifyRequest, reply: FastifyReply, key: string) => {
    request.throttleKey = key;
    const result = await limiter(request);
    request.throttleKey = undefined;
    // isAllowed: on an allow list, which none of these limiters has.
    if (result.isAllowed) return 0;
    if (result.isExceeded) refuse(reply, result.ttl);
    return result.max - result.remaining;
  };
  const addressAccountKey = (kind: ThrottleKind, request: FastifyRequest, account: string) =>
    `${kind}|address+account|${request.ip}|${account}`;

  const prune = setInterval(() => {
    pruneThrottles(db).catch((error: unknown) => app.log.warn({ err: error }, 'pruning throttles failed'));
  }, 10 * 60_000);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));

  return {
    guard: (kind) => async (request, reply) => {
      await check(perAddress.get(kind) as Limiter, request, reply, `${kind}|address|${request.ip}`);
      const account = accountOf(request);
      if (account === undefined) return;
      const limiter = kind === 'secret' ? secretPerAddressAndAccount : perAddressAndAccount;
      const attempts = await check(limiter, request, reply, addressAccountKey(kind, request, account));
      if (!clearedOnSuccess.has(kind)) {
        await check(perAccount, request, reply, `${kind}|account|${account}`);
        return;
      }
      request.throttledAccount = account;
      // Strangers' wrong secrets slow the account down only for addresses that failed on it themselves.
      if (attempts > 1) {
        const failures = await accountFailures(`${kind}|${account}`, 'read');
        if (failures.current >= settings.accountFailures) refuse(reply, failures.ttl);
      }
    },
    settle: (kind) => async (request, reply) => {
      const account = request.throttledAccount;
      if (!clearedOnSuccess.has(kind) || account === undefined) return;
      if (reply.statusCode < 300) {
        await db.execute(
          sql`delete from rate_limits where key = ${addressAccountKey(kind, request, account)}`,
        );
      } else if (wrongAnswers[kind]?.includes(reply.statusCode)) {
        const failures = await accountFailures(`${kind}|${account}`, 'incr');
        // The wrong one that reaches the limit (not the ones after it): one notice per window.
        if (failures.current === settings.accountFailures) {
          await onAccountSlowed(kind, account).catch((error: unknown) =>
            request.log.warn({ err: error }, 'mailing the owner of a slowed account failed'),
          );
        }
      }
    },
  };
}

/** Drops counters whose window ended a day ago (they no longer carry strikes worth keeping). */
export async function pruneThrottles(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where resets_on < now() - interval '1 day'`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The throttles of the API (installed by buildApp before the modules register). */
    throttles: Throttles;
  }
  interface FastifyRequest {
    /** The key the next rate limiter counts under (set by the throttle guard around each limiter). */
    throttleKey?: string;
    /** The account a guarded secret (login, reset, access code) was about, once the guard let it through. */
    throttledAccount?: string;
  }
}
