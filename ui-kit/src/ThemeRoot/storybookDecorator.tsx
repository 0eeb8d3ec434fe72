import type { Decorator } from '@storybook/react-vite';
import type { ThemeName } from '../theme/tokens.ts';
import { ThemeRoot } from './ThemeRoot.tsx';
import * as styles from './ThemeRoot.css.ts';

/** Storybook only (not exported): wraps every story in the theme chosen in the toolbar. */
export const withThemeRoot: Decorator = (Story, context) => {
  const theme: ThemeName = context.globals.theme === 'dark' ? 'dark' : 'light';
  return (
    <ThemeRoot theme={theme} fullHeight>
      <div className={styles.storyFrame}>
        <Story />
      </div>
    </ThemeRoot>
  );
};
