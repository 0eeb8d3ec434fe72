import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const textarea = style({
  paddingBlock: vars.space.small,
  resize: 'vertical',
  lineHeight: vars.font.lineHeight.normal,
});
