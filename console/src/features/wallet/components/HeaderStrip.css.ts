import { style } from '@vanilla-extract/css';
import { vars } from '@tranche/ui-kit';

export const strip = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.medium,
  padding: `${vars.space.xsmall} ${vars.space.large}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.font.size.small,
});

export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  color: vars.color.link,
  textDecoration: 'underline',
  cursor: 'pointer',
  wordBreak: 'break-all',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const warning = style({ color: vars.color.dangerText, fontWeight: vars.font.weight.medium });
