import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const icon = style({
  width: vars.size.icon,
  height: vars.size.icon,
  flexShrink: 0,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
});
