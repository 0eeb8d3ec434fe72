import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `${vars.border.width} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  minWidth: 0,
});

export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.small,
});
export const title = style({ fontWeight: vars.font.weight.strong, color: vars.color.text });
export const time = style({
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});
export const token = style({
  fontSize: vars.font.size.small,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});
export const symbol = style({ fontWeight: vars.font.weight.strong });
export const meta = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
export const actions = style({
  display: 'flex',
  gap: vars.space.small,
  flexWrap: 'wrap',
  marginTop: vars.space.xsmall,
});
