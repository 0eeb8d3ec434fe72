import { createTheme, createThemeContract } from '@vanilla-extract/css';
import { type ColorTokens, colorRoles, darkColors, lightColors, tokens } from './tokens.ts';

const colorContract = Object.fromEntries(colorRoles.map((role) => [role, null])) as Record<
  keyof ColorTokens,
  null
>;

/** The one theme contract: every component style reads `vars`, never a raw value. */
export const vars = createThemeContract({
  color: colorContract,
  space: {
    none: null,
    xxsmall: null,
    xsmall: null,
    small: null,
    medium: null,
    large: null,
    xlarge: null,
    xxlarge: null,
  },
  radius: { none: null, small: null, medium: null, large: null, full: null },
  font: {
    family: { body: null, mono: null },
    size: { xsmall: null, small: null, medium: null, large: null, xlarge: null, xxlarge: null },
    weight: { regular: null, medium: null, strong: null },
    lineHeight: { tight: null, normal: null },
  },
  shadow: { small: null, medium: null, large: null },
  zIndex: { base: null, dropdown: null, overlay: null, modal: null, toast: null, tooltip: null },
  motion: { fast: null, normal: null, easing: null },
  size: { control: null, controlSmall: null, controlLarge: null, icon: null, dialog: null, popover: null },
  border: { width: null, focusWidth: null },
});

const shared = {
  space: tokens.space,
  radius: tokens.radius,
  font: tokens.font,
  shadow: tokens.shadow,
  zIndex: tokens.zIndex,
  motion: tokens.motion,
  size: tokens.size,
  border: tokens.border,
};

export const lightTheme = createTheme(vars, { ...shared, color: lightColors }, 'light');
export const darkTheme = createTheme(vars, { ...shared, color: darkColors }, 'dark');
