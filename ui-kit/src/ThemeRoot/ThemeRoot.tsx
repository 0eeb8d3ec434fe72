import { createContext, type ReactNode, useContext, useState } from 'react';
import { root } from '../theme/reset.css.ts';
import type { ThemeName } from '../theme/tokens.ts';
import { darkTheme, lightTheme } from '../theme/vars.css.ts';
import * as styles from './ThemeRoot.css.ts';

type ThemeContextValue = { theme: ThemeName; portalContainer: HTMLElement | null };

const ThemeContext = createContext<ThemeContextValue>({ theme: 'light', portalContainer: null });

export type ThemeRootProps = {
  theme?: ThemeName;
  /** Fill the viewport (for a whole app); otherwise the root only wraps its content. */
  fullHeight?: boolean;
  children: ReactNode;
};

export const themeClassNames: Record<ThemeName, string> = { light: lightTheme, dark: darkTheme };

/**
 * The kit's root: sets the theme variables, the scoped reset (`data-tranche-root`) and the
 * container that dialogs, popovers and toasts portal into, so they stay themed when embedded.
 */
export function ThemeRoot({ theme = 'light', fullHeight = false, children }: ThemeRootProps) {
  const [portalContainer, setPortalContainer] = useState<HTMLElement | null>(null);
  return (
    <div
      data-tranche-root=""
      data-theme={theme}
      className={[
        themeClassNames[theme],
        root,
        styles.colorScheme[theme],
        fullHeight ? styles.fullHeight : '',
      ].join(' ')}
    >
      <ThemeContext.Provider value={{ theme, portalContainer }}>
        {children}
        <div ref={setPortalContainer} data-tranche-portal="" />
      </ThemeContext.Provider>
    </div>
  );
}

export function useTheme(): ThemeName {
  return useContext(ThemeContext).theme;
}

/** Where overlays portal to: inside the theme root, or document.body outside of one. */
export function usePortalContainer(): HTMLElement | null {
  return useContext(ThemeContext).portalContainer;
}
