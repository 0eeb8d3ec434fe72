import { style } from '@vanilla-extract/css';

/** A summary value breaks a long address where it must (a phone), words stay whole. */
export const value = style({ overflowWrap: 'anywhere' });
