import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.small });

export const input = style({
  width: vars.size.icon,
  height: vars.size.icon,
  margin: 0,
  accentColor: vars.color.primary,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
    '&:disabled': { cursor: 'not-allowed' },
  },
});

export const label = style({ color: vars.color.text, cursor: 'pointer' });
