import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  minWidth: 0,
});
export const headline = style({
  fontWeight: vars.font.weight.strong,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});
export const figures = style({
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});
export const precheck = styleVariants({
  ok: { fontSize: vars.font.size.small, color: vars.color.successText },
  fail: {
    fontSize: vars.font.size.small,
    color: vars.color.dangerText,
    backgroundColor: vars.color.dangerSoft,
    borderRadius: vars.radius.small,
    paddingInline: vars.space.xsmall,
    overflowWrap: 'anywhere',
  },
});
