import { apiErrors } from '@tranche/api';
import { HttpError } from '../errors.ts';

/** How many argon2 computations run at once, and how many may wait for a turn before the answer is 503. */
export type HashingLimits = { concurrency: number; queue: number };
export const defaultHashingLimits: HashingLimits = { concurrency: 2, queue: 8 };

export type HashingGate = {
  /** Runs `work` when a turn is free; throws 503 (apiErrors.hashingBusy) when every turn and queue place is taken. */
  run: <T>(work: () => Promise<T>) => Promise<T>;
};

/**
 * A small semaphore around password hashing (argon2 is CPU and memory bound): a flood of logins or sign-ups takes
 * at most `concurrency` threads and is answered 503 past the queue, so the rest of the API stays fast.
 */
export function createHashingGate({ concurrency, queue }: HashingLimits): HashingGate {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    // The turn passes straight to the next waiter, so a newcomer cannot slip in between.
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    run: async (work) => {
      if (active < concurrency) active++;
      else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new HttpError(503, apiErrors.hashingBusy);
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

const gates = new WeakMap<object, HashingGate>();

/** The one gate of an app (keyed by its database, which every module's context shares). */
export function hashingGate(ctx: { db: object; limits?: { hashing?: HashingLimits } }): HashingGate {
  let gate = gates.get(ctx.db);
  if (!gate) {
    gate = createHashingGate(ctx.limits?.hashing ?? defaultHashingLimits);
    gates.set(ctx.db, gate);
  }
  return gate;
}
