import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const tiles = style({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fill, minmax(10rem, 1fr))`,
  gap: vars.space.small,
  margin: 0,
});

export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `${vars.border.width} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
});

export const value = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.strong,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});
