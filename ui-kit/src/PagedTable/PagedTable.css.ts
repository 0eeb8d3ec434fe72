import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const wrapper = style({ display: 'flex', flexDirection: 'column', gap: vars.space.large });

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  padding: 0,
  border: 'none',
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  fontWeight: 'inherit',
  cursor: 'pointer',
  borderRadius: vars.radius.small,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
  },
});
