import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  backgroundColor: vars.color.overlay,
  animation: `${fadeIn} ${vars.motion.normal} ${vars.motion.easing}`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const content = recipe({
  base: {
    position: 'fixed',
    top: '50%',
    left: '50%',
    transform: 'translate(-50%, -50%)',
    zIndex: vars.zIndex.modal,
    width: `calc(100vw - ${vars.space.xxlarge})`,
    maxHeight: `calc(100vh - ${vars.space.xxlarge})`,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.medium,
    padding: vars.space.xlarge,
    borderRadius: vars.radius.large,
    border: `${vars.border.width} solid ${vars.color.border}`,
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.large,
    selectors: { '&:focus': { outline: 'none' } },
  },
  variants: {
    size: {
      small: { maxWidth: '400px' },
      medium: { maxWidth: vars.size.dialog },
      large: { maxWidth: '860px' },
    },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.medium,
});
export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.strong,
});
export const description = style({ margin: 0, color: vars.color.textMuted });
export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium });
export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.small,
  flexWrap: 'wrap',
  marginTop: vars.space.small,
});
