import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

export const text = recipe({
  base: { margin: 0, lineHeight: vars.font.lineHeight.normal },
  variants: {
    size: {
      xsmall: { fontSize: vars.font.size.xsmall },
      small: { fontSize: vars.font.size.small },
      medium: { fontSize: vars.font.size.medium },
      large: { fontSize: vars.font.size.large },
    },
    tone: {
      normal: { color: vars.color.text },
      muted: { color: vars.color.textMuted },
      primary: { color: vars.color.primaryText },
      success: { color: vars.color.successText },
      warning: { color: vars.color.warningText },
      danger: { color: vars.color.dangerText },
    },
    weight: {
      regular: { fontWeight: vars.font.weight.regular },
      medium: { fontWeight: vars.font.weight.medium },
      strong: { fontWeight: vars.font.weight.strong },
    },
    mono: { true: { fontFamily: vars.font.family.mono }, false: {} },
  },
});

export const breakAll = style({ wordBreak: 'break-all' });
