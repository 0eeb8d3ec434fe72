import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const wizard = style({ display: 'flex', flexDirection: 'column', gap: vars.space.large });
export const row = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.small });
