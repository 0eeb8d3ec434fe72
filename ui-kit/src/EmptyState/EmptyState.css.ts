import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const emptyState = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xsmall,
  padding: vars.space.xxlarge,
  borderRadius: vars.radius.large,
  border: `${vars.border.width} dashed ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  textAlign: 'center',
});

export const title = style({
  fontWeight: vars.font.weight.strong,
  fontSize: vars.font.size.large,
  color: vars.color.text,
});
export const text = style({ color: vars.color.textMuted });
export const action = style({ marginTop: vars.space.medium });
