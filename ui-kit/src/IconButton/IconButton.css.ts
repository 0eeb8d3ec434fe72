import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

export const iconButton = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    padding: 0,
    borderRadius: vars.radius.medium,
    border: `${vars.border.width} solid transparent`,
    backgroundColor: 'transparent',
    color: vars.color.textMuted,
    cursor: 'pointer',
    selectors: {
      '&:hover:not(:disabled)': { backgroundColor: vars.color.neutralSoft, color: vars.color.text },
      '&:focus-visible': {
        outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
        outlineOffset: '1px',
      },
      '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
    },
  },
  variants: {
    size: {
      small: { width: vars.size.controlSmall, height: vars.size.controlSmall },
      medium: { width: vars.size.control, height: vars.size.control },
    },
  },
});
