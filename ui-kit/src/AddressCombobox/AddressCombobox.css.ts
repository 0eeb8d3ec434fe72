import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const wrapper = style({ position: 'relative', minWidth: 0 });

export const input = style({ fontFamily: vars.font.family.mono, fontSize: vars.font.size.small });

export const listbox = style({
  position: 'absolute',
  zIndex: vars.zIndex.dropdown,
  insetInline: 0,
  top: `calc(100% + ${vars.space.xxsmall})`,
  margin: 0,
  padding: vars.space.xxsmall,
  listStyle: 'none',
  maxHeight: `calc(${vars.size.control} * 7)`,
  overflowY: 'auto',
  borderRadius: vars.radius.medium,
  border: `${vars.border.width} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.medium,
});

export const option = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  paddingInline: vars.space.small,
  paddingBlock: vars.space.xsmall,
  borderRadius: vars.radius.small,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': {
      backgroundColor: vars.color.primarySoft,
      color: vars.color.primaryText,
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '-2px',
    },
  },
});

export const optionName = style({ fontWeight: vars.font.weight.strong, overflowWrap: 'anywhere' });

export const optionAddress = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  wordBreak: 'break-all',
});

export const optionDetail = style({ fontSize: vars.font.size.small, color: vars.color.textMuted });

export const empty = style({
  paddingInline: vars.space.small,
  paddingBlock: vars.space.xsmall,
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
});
