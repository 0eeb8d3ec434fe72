import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const content = style({
  zIndex: vars.zIndex.dropdown,
  minWidth: '12rem',
  maxWidth: `calc(100vw - ${vars.space.large})`,
  maxHeight: 'var(--radix-dropdown-menu-content-available-height)',
  overflowY: 'auto',
  padding: vars.space.xsmall,
  borderRadius: vars.radius.medium,
  border: `${vars.border.width} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.medium,
});

export const item = style({
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  paddingInline: vars.space.small,
  paddingBlock: vars.space.xsmall,
  borderRadius: vars.radius.small,
  color: vars.color.text,
  fontSize: vars.font.size.medium,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-highlighted]': { backgroundColor: vars.color.neutralSoft },
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '-2px',
    },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

export const separator = style({
  height: vars.border.width,
  marginBlock: vars.space.xsmall,
  backgroundColor: vars.color.border,
});

export const label = style({
  paddingInline: vars.space.small,
  paddingBlock: vars.space.xsmall,
  color: vars.color.textMuted,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.medium,
});

export const radioItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.small });

export const indicatorSlot = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.icon,
  height: vars.size.icon,
  flexShrink: 0,
});

export const indicator = style({
  width: vars.space.small,
  height: vars.space.small,
  borderRadius: vars.radius.full,
  backgroundColor: 'currentColor',
});
