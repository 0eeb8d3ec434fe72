import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const editor = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium });
export const errorList = style({ paddingLeft: vars.space.large, listStyle: 'disc' });
export { visuallyHidden as hidden } from '../theme/utils.css.ts';
