// First: zod's browser setting, before any schema chunk loads (api/src/zodConfig.ts).
import '@tranche/api/zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadLoggedInParts } from './app/AppLayout.tsx';
import { preloadRoute } from './app/router.tsx';
import { preloadLoggedInNav } from './features/shell/components/NavBar.tsx';
import { callEarly } from './lib/api.ts';
import { isPublicPath } from './lib/paths.ts';

// A stored session on a page that needs one: the shell draws the logged-in navigation and wallet strip while the
// session is checked (useShellLoggedIn), so both are fetched first and the first render waits for them (at most
// 3 s), or they would arrive after it and push the page down (a layout shift). The page's own module, its first reads
// (router.tsx's firstCalls) and the session check (GET /auth, with the answers' schemas) start at once too, not after
// the first render.
const hasSession = localStorage.getItem('jwt') !== null;
const checksSession = hasSession && !isPublicPath(window.location.pathname);
const shellFirst = checksSession
  ? Promise.race([
      Promise.allSettled([preloadLoggedInNav(), preloadLoggedInParts()]),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ])
  : Promise.resolve();
preloadRoute(window.location, hasSession);
if (checksSession) {
  // The session check (RequireAuth's first read) and the shell's pending transactions (PendingTransactionsMenu's).
  callEarly('auth');
  callEarly('pendingDtx');
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
void shellFirst.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
