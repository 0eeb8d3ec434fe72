import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const wrapper = style({ position: 'relative', display: 'flex', alignItems: 'center' });
export const input = style({ paddingRight: vars.size.controlLarge });
export const toggle = style({ position: 'absolute', right: vars.space.xsmall });
