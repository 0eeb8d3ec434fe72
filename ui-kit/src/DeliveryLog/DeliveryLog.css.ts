import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const mono = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  overflowWrap: 'anywhere',
});
export const error = style({
  fontSize: vars.font.size.small,
  color: vars.color.dangerText,
  overflowWrap: 'anywhere',
});
export const empty = style({ color: vars.color.textMuted, padding: vars.space.medium });
