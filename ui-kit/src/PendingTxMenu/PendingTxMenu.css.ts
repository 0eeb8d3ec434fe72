import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  width: vars.size.popover,
  maxWidth: '100%',
});
export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  marginTop: vars.space.small,
});
