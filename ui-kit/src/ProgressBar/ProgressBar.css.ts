import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const wrapper = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });

export const labelRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: vars.font.size.small,
  color: vars.color.text,
});

export const track = style({
  height: vars.space.small,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.neutralSoft,
  border: `${vars.border.width} solid ${vars.color.borderStrong}`,
  overflow: 'hidden',
});

export const fill = style({
  height: '100%',
  backgroundColor: vars.color.primary,
  transition: `width ${vars.motion.normal} ${vars.motion.easing}`,
});
