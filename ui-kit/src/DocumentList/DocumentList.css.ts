import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const hash = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.xsmall,
  wordBreak: 'break-all',
});
export const actions = style({ display: 'inline-flex', gap: vars.space.small, flexWrap: 'wrap' });
