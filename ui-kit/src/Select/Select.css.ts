import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const wrapper = style({ position: 'relative' });

export const select = style({
  appearance: 'none',
  paddingRight: vars.space.xxlarge,
  backgroundImage: `linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%)`,
  backgroundPosition: `calc(100% - 18px) 50%, calc(100% - 13px) 50%`,
  backgroundSize: '5px 5px, 5px 5px',
  backgroundRepeat: 'no-repeat',
});
