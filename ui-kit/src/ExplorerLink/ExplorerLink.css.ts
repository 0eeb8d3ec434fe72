import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const mono = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  wordBreak: 'break-all',
});
