// First: zod's browser setting, before any schema chunk loads (api/src/zodConfig.ts).
import '@tranche/api/zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadLoggedInParts } from './app/AppLayout.tsx';
import { preloadRoute } from './app/router.tsx';
import { preloadLoggedInNav } from './features/shell/components/NavBar.tsx';

// A stored session: the logged-in navigation and wallet strip are fetched beside the session check, so that they
// are in when it answers and render with the page instead of pushing it down (a layout shift) a moment later.
// The page's own module is fetched at once too, not after the session check answers.
const hasSession = localStorage.getItem('jwt') !== null;
if (hasSession) {
  void preloadLoggedInNav().catch(() => undefined);
  void preloadLoggedInParts().catch(() => undefined);
}
preloadRoute(window.location.pathname, hasSession);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
