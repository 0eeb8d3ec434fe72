import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const fullHeight = style({ minHeight: '100vh' });

/** Padding around a story in Storybook. */
export const storyFrame = style({ padding: vars.space.xlarge });

/**
 * The browser's own parts (scrollbars, checkboxes, date pickers, autofill) in the root's theme, not the system's: a
 * person who chose Dark on a light system gets dark ones.
 */
export const colorScheme = styleVariants({ light: { colorScheme: 'light' }, dark: { colorScheme: 'dark' } });
