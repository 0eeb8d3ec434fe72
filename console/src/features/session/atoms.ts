import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/** The session token, kept in local storage under the key `jwt` as `{token}` (part 1, section 3). */
export type StoredSession = { token: string };

export const sessionAtom = atomWithStorage<StoredSession | null>(
  'jwt',
  null,
  createJSONStorage(() => localStorage),
  { getOnInit: true },
);

export type AuthState = 'checking' | 'in' | 'out';

/** Result of the server check (`GET /auth`) of the stored session. */
export const authStateAtom = atom<AuthState>('checking');

/** Who is logged in, from `GET /auth`. */
export const profileAtom = atom<{ loginName: string; profileName: string } | null>(null);

/** A notice for the login page, e.g. 'Your session expired. Login again.'. */
export const loginNoticeAtom = atom<string | null>(null);
