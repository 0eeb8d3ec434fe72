import type { ThemeName } from '@tranche/ui-kit';
import { useAtomValue } from 'jotai';
import { useSyncExternalStore } from 'react';
import { isThemePreference, type ThemePreference, themePreferenceAtom } from '../atoms.ts';

const darkQuery = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the system asks for dark colours now (follows the setting while the page is open). */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(darkQuery).matches,
    () => false,
  );
}

/** The theme to draw with: the person's choice, or the system's when they chose System (or nothing valid). */
export function resolveTheme(preference: ThemePreference | unknown, systemDark: boolean): ThemeName {
  if (isThemePreference(preference) && preference !== 'system') return preference;
  return systemDark ? 'dark' : 'light';
}

export function useAppTheme(): ThemeName {
  const preference = useAtomValue(themePreferenceAtom);
  return resolveTheme(preference, useSystemPrefersDark());
}
