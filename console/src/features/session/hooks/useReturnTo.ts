import { useLocation } from 'react-router-dom';
import { isPublicPath, paths } from '../../../lib/paths.ts';

/** Where to go after login: the protected page the user was sent away from, else NewTokenDraft. */
export function useReturnTo(): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !isPublicPath(from))
    return from;
  return paths.newToken;
}
