import { api } from '../../lib/api.ts';

type Profile = Awaited<ReturnType<typeof checkSession>>;

const checkSession = (signal?: AbortSignal) => api.call('auth', { signal });

let prefetched: Promise<Profile> | undefined;

/**
 * Starts the stored session's check (GET /auth) at start (main.tsx, on a page that needs a session), beside the
 * page's code instead of after the first render; the first RequireAuth takes its answer.
 */
export function prefetchSessionCheck(): void {
  prefetched ??= checkSession();
  prefetched.catch(() => undefined);
}

/** The stored session's check: the one started at start, once, else a new one. */
export function sessionCheck(signal: AbortSignal): Promise<Profile> {
  const started = prefetched;
  prefetched = undefined;
  return started ?? checkSession(signal);
}
