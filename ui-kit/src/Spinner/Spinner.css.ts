import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const wrapper = style({ display: 'inline-flex', alignItems: 'center' });

export const spinner = recipe({
  base: {
    display: 'inline-block',
    borderRadius: vars.radius.full,
    borderStyle: 'solid',
    borderColor: 'currentColor',
    borderRightColor: 'transparent',
    animation: `${spin} 0.8s linear infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' } },
  },
  variants: {
    size: {
      small: { width: '12px', height: '12px', borderWidth: '2px' },
      medium: { width: vars.size.icon, height: vars.size.icon, borderWidth: '2px' },
      large: { width: vars.space.xxlarge, height: vars.space.xxlarge, borderWidth: '3px' },
    },
  },
});

export { visuallyHidden } from '../theme/utils.css.ts';
