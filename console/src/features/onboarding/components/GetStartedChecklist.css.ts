import { style } from '@vanilla-extract/css';
import { vars } from '@tranche/ui-kit';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.small,
});

export const step = style({
  padding: `${vars.space.medium} ${vars.space.large}`,
  borderRadius: vars.radius.medium,
  border: `${vars.border.width} solid ${vars.color.border}`,
  borderLeftWidth: vars.space.xsmall,
  selectors: {
    '&[data-done]': { borderLeftColor: vars.color.success },
    '&[data-next]': { borderLeftColor: vars.color.primary, background: vars.color.primarySoft },
  },
});
