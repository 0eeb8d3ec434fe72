import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const card = style({
  borderRadius: vars.radius.large,
  border: `${vars.border.width} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: vars.shadow.small,
  minWidth: 0,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  flexWrap: 'wrap',
  padding: vars.space.large,
  borderBottom: `${vars.border.width} solid ${vars.color.border}`,
});

export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap' });
export const body = style({ padding: vars.space.large });
