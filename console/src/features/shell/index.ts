export { Layout, NarrowPage } from './components/Layout.tsx';
export type { LayoutProps } from './components/Layout.tsx';
export { NotFoundPage } from './components/NotFoundPage.tsx';
export { RouteError, RouteErrorBoundary } from './components/RouteError.tsx';
export { isThemePreference, type ThemePreference, themePreferenceAtom, themePreferences } from './atoms.ts';
export { resolveTheme, useAppTheme } from './hooks/useAppTheme.ts';
