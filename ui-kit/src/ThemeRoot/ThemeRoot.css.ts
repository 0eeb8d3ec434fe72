import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const fullHeight = style({ minHeight: '100vh' });

/** Padding around a story in Storybook. */
export const storyFrame = style({ padding: vars.space.xlarge });
