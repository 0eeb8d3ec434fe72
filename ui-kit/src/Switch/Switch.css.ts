import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const switchRoot = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.small,
  padding: vars.space.xxsmall,
  border: 'none',
  borderRadius: vars.radius.medium,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
  },
});

export const track = style({
  position: 'relative',
  display: 'inline-block',
  width: '36px',
  height: '20px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.borderStrong,
  transition: `background-color ${vars.motion.fast}`,
  selectors: { [`${switchRoot}[data-state="checked"] &`]: { backgroundColor: vars.color.success } },
});

export const thumb = style({
  position: 'absolute',
  top: '2px',
  left: '2px',
  width: '16px',
  height: '16px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.background,
  transition: `transform ${vars.motion.fast}`,
  selectors: { [`${switchRoot}[data-state="checked"] &`]: { transform: 'translateX(16px)' } },
});

export const stateText = style({
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.medium,
  minWidth: '2ch',
  whiteSpace: 'nowrap',
});
