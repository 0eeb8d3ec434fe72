import { ApiError, createApiClient } from '@tranche/api/client';
import { downloadBlob } from './download.ts';

/** What the API client asks of the session; the app installs it at start (`installApiSession`). */
export type ApiSession = {
  /** The stored session token, if any. */
  getToken: () => string | null | undefined;
  /** A protected call answered 401: the session is over. */
  onUnauthorized: () => void;
};

let session: ApiSession = { getToken: () => undefined, onUnauthorized: () => {} };

/** Installs the session behind the API client: which token to send and what a 401 does. Called once by the app. */
export function installApiSession(next: ApiSession): void {
  session = next;
}

/**
 * The console's API client: same origin, the installed session's token, and a 401 handed to the session. Requests
 * are built from the light route table; the full table with every answer's schema is a chunk of its own, loaded
 * with the first call and awaited with its answer, so no page's first load carries it.
 */
export const api = createApiClient({
  baseUrl: '',
  getToken: () => session.getToken(),
  onUnauthorized: () => session.onUnauthorized(),
  answers: () => import('@tranche/api/routes').then((module) => module.routes),
});

/** Title and text of the spec's error alert for a failed call: 'Validation error' for a server answer, else 'Error'. */
export function describeError(error: unknown, prefix?: string): { title: string; message: string } {
  if (error instanceof ApiError) return { title: 'Validation error', message: error.message };
  const text = error instanceof Error ? error.message : String(error);
  return { title: 'Error', message: prefix ? `${prefix}: ${text}` : text };
}

/** Downloads a file answer of the API (a register's CSV or PDF) with the session's token. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = session.getToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  downloadBlob(fileName, await response.blob());
}
