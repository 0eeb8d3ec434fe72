import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const viewer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  maxWidth: '100%',
});
export const loading = style({ padding: vars.space.xlarge, display: 'flex', justifyContent: 'center' });
export const passwordForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  maxWidth: '420px',
});
export const canvas = style({
  maxWidth: '100%',
  height: 'auto',
  border: `${vars.border.width} solid ${vars.color.border}`,
  boxShadow: vars.shadow.small,
  selectors: { '&[data-state="hidden"]': { display: 'none' } },
});
