import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { isPublicPath } from '../../../lib/paths.ts';
import { authStateAtom, sessionAtom } from '../atoms.ts';

/**
 * Whether the shell shows the logged-in navigation and parts: once logged in, and already while a stored session
 * is checked on a page that needs one, so that they are drawn from the first paint instead of arriving with the
 * answer and pushing the page down (a layout shift). A failed check takes them away with the page.
 */
export function useShellLoggedIn(): boolean {
  const authState = useAtomValue(authStateAtom);
  const session = useAtomValue(sessionAtom);
  const { pathname } = useLocation();
  return authState === 'in' || (authState === 'checking' && session !== null && !isPublicPath(pathname));
}
