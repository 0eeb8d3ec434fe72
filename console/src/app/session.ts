import { accountErrors } from '@tranche/api';
import type { createStore } from 'jotai';
import { authStateAtom, endSessionAtom, sessionAtom } from '../features/session/index.ts';
import { forgetWalletAtom } from '../features/wallet/index.ts';
import { installApiSession } from '../lib/api.ts';

type Store = ReturnType<typeof createStore>;

/**
 * Wires the session into the parts below it: the API client sends the stored token and a 401 ends the
 * session ('Your session expired. Login again.'); whenever the session ends (Sign Out, a failed check, a 401)
 * the wallet state is cleared too, and the remembered connection forgotten.
 */
export function installSession(store: Store): void {
  installApiSession({
    getToken: () => store.get(sessionAtom)?.token,
    onUnauthorized: () => {
      if (store.get(sessionAtom)) store.set(endSessionAtom, accountErrors.sessionExpired);
    },
  });
  store.sub(authStateAtom, () => {
    if (store.get(authStateAtom) === 'out') store.set(forgetWalletAtom);
  });
}
