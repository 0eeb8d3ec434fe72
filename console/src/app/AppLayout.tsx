import { lazy, Suspense } from 'react';
import { useShellLoggedIn } from '../features/session/index.ts';
import { Layout } from '../features/shell/index.ts';
import { preloadable, usePreloaded } from '../lib/preloadable.ts';

const loggedInParts = preloadable(() => import('./LoggedInParts.tsx').then((m) => m.LoggedInParts));

/** The notification popover: no first paint shows a notice, so it loads just after (NotificationsPart.tsx). */
const Notifications = lazy(() =>
  import('./NotificationsPart.tsx').then((m) => ({ default: m.Notifications })),
);

/** Fetches the logged-in shell parts ahead of the session check (main.tsx, when a session is stored). */
export const preloadLoggedInParts = loggedInParts.preload;

/** The shell with the app-wide pieces plugged in (wallet strip, pending transactions, notifications). */
export function AppLayout() {
  const loggedIn = useShellLoggedIn();
  const { component: LoggedInParts, lazy } = usePreloaded(loggedInParts, loggedIn);
  const part = (name: 'strip' | 'pending' | 'overlays') => {
    if (!loggedIn) return null;
    if (!lazy) return <LoggedInParts part={name} />;
    return (
      <Suspense fallback={null}>
        <LoggedInParts part={name} />
      </Suspense>
    );
  };
  return (
    <Layout
      strip={part('strip')}
      pending={part('pending')}
      overlays={
        <>
          <Suspense fallback={null}>
            <Notifications />
          </Suspense>
          {part('overlays')}
        </>
      }
    />
  );
}
