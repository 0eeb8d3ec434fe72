import { atom } from 'jotai';
import { authStateAtom, loginNoticeAtom, profileAtom, sessionAtom } from './atoms.ts';

/** Starts a session with the token of POST /login. */
export const startSessionAtom = atom(null, (_get, set, token: string) => {
  set(sessionAtom, { token });
  set(loginNoticeAtom, null);
  set(authStateAtom, 'in');
});

/** Sign Out, a failed check or an expired session: clears the stored session (the app clears the wallet state on 'out'). */
export const endSessionAtom = atom(null, (_get, set, notice: string | null = null) => {
  set(sessionAtom, null);
  set(profileAtom, null);
  set(loginNoticeAtom, notice);
  set(authStateAtom, 'out');
});
