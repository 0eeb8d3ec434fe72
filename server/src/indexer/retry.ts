/** Backoff delays: doubling from `initialMs` up to `maxMs`. */
export type RetryOptions = {
  initialMs: number;
  maxMs: number;
  /** Attempts before giving up (Infinity: until `signal` aborts). */
  attempts: number;
  signal?: AbortSignal;
  /** False for errors not worth retrying (they are thrown at once). */
  retryable?: (error: unknown) => boolean;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
};

export class AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortedError';
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs `action` until it succeeds, waiting with exponential backoff between failures. */
export async function withRetry<T>(action: () => Promise<T>, options: RetryOptions): Promise<T> {
  let delay = options.initialMs;
  for (let attempt = 1; ; attempt++) {
    if (options.signal?.aborted) throw new AbortedError();
    try {
      return await action();
    } catch (error) {
      if (
        attempt >= options.attempts ||
        error instanceof AbortedError ||
        options.retryable?.(error) === false
      )
        throw error;
      options.onRetry?.(error, attempt, delay);
      await sleep(delay, options.signal);
      delay = Math.min(delay * 2, options.maxMs);
    }
  }
}
