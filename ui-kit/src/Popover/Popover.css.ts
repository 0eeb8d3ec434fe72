import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const content = style({
  zIndex: vars.zIndex.dropdown,
  width: 'max-content',
  maxWidth: `min(${vars.size.popover}, calc(100vw - ${vars.space.large}))`,
  maxHeight: 'var(--radix-popover-content-available-height)',
  overflowY: 'auto',
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `${vars.border.width} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.medium,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
  },
});
