import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/** The theme a person picks in My Account: the system's setting (prefers-color-scheme), or always light or dark. */
export const themePreferences = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof themePreferences)[number];

export function isThemePreference(value: unknown): value is ThemePreference {
  return themePreferences.includes(value as ThemePreference);
}

/** Remembered per browser (local storage, `tranche.theme`), read at start so the first render has the right theme. */
export const themePreferenceAtom = atomWithStorage<ThemePreference>(
  'tranche.theme',
  'system',
  createJSONStorage(() => localStorage),
  { getOnInit: true },
);
