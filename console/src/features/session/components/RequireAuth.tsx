import { ApiError, accountErrors } from '@tranche/api';
import { Skeleton } from '@tranche/ui-kit';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { preloadsSettled } from '../../../lib/preloadable.ts';
import { endSessionAtom } from '../actions.ts';
import { authStateAtom, profileAtom, sessionAtom } from '../atoms.ts';

/**
 * Every page but the four public ones: checks the stored session with `GET /auth` and renders its page only
 * when logged in; otherwise goes to Login, which returns the user here afterwards.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const [authState, setAuthState] = useAtom(authStateAtom);
  const setProfile = useSetAtom(profileAtom);
  const endSession = useSetAtom(endSessionAtom);
  const location = useLocation();

  useEffect(() => {
    if (!session) {
      setAuthState('out');
      return;
    }
    if (authState !== 'checking') return;
    const controller = new AbortController();
    // The check main.tsx started at start (callEarly), when there is one.
    api
      .call('auth', { signal: controller.signal })
      .then(async (profile) => {
        // The parts main.tsx fetched ahead (the page, the navigation, the wallet strip) render with the page.
        await preloadsSettled();
        if (controller.signal.aborted) return;
        setProfile(profile);
        setAuthState('in');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const expired = error instanceof ApiError && error.message === accountErrors.sessionExpired;
        endSession(expired ? accountErrors.sessionExpired : null);
      });
    return () => controller.abort();
  }, [session, authState, setAuthState, setProfile, endSession]);

  if (!session || authState === 'out') {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (authState === 'checking') return <Skeleton label="Checking your session" />;
  return children;
}
