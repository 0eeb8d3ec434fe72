import { ApiError, accountErrors, createApiClient } from '@tranche/api';
import { endSessionAtom } from '../features/session/actions.ts';
import { sessionAtom } from '../features/session/atoms.ts';
import { store } from './store.ts';

/** The console's API client: same origin, the stored session token, and a 401 ends the session. */
export const api = createApiClient({
  baseUrl: '',
  getToken: () => store.get(sessionAtom)?.token,
  onUnauthorized: () => {
    if (store.get(sessionAtom)) store.set(endSessionAtom, accountErrors.sessionExpired);
  },
});

/** Title and text of the spec's error alert for a failed call: 'Validation error' for a server answer, else 'Error'. */
export function describeError(error: unknown, prefix?: string): { title: string; message: string } {
  if (error instanceof ApiError) return { title: 'Validation error', message: error.message };
  const text = error instanceof Error ? error.message : String(error);
  return { title: 'Error', message: prefix ? `${prefix}: ${text}` : text };
}
