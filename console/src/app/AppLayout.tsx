import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { Notifications } from '../features/notifications/index.ts';
import { authStateAtom } from '../features/session/index.ts';
import { Layout } from '../features/shell/index.ts';

const LoggedInParts = lazy(() => import('./LoggedInParts.tsx').then((m) => ({ default: m.LoggedInParts })));

/** The shell with the app-wide pieces plugged in (wallet strip, pending transactions, notifications). */
export function AppLayout() {
  const loggedIn = useAtomValue(authStateAtom) === 'in';
  const part = (name: 'strip' | 'pending' | 'overlays') =>
    loggedIn ? (
      <Suspense fallback={null}>
        <LoggedInParts part={name} />
      </Suspense>
    ) : null;
  return (
    <Layout
      strip={part('strip')}
      pending={part('pending')}
      overlays={
        <>
          <Notifications />
          {part('overlays')}
        </>
      }
    />
  );
}
