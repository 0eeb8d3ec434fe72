import { style } from '@vanilla-extract/css';
import { vars } from '@tranche/ui-kit';

export const header = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.medium,
  padding: `${vars.space.small} ${vars.space.large}`,
});

export const brand = style({
  fontWeight: vars.font.weight.strong,
  fontSize: vars.font.size.large,
  color: vars.color.text,
  textDecoration: 'none',
  marginRight: vars.space.medium,
});

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const link = style({
  color: vars.color.text,
  textDecoration: 'none',
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  borderRadius: vars.radius.small,
  selectors: {
    '&:hover': { background: vars.color.neutralSoft },
    '&[aria-current="page"]': { color: vars.color.link, fontWeight: vars.font.weight.medium },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const spacer = style({ flex: 1 });

export const search = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.xsmall,
  flex: '1 1 200px',
  maxWidth: '340px',
  minWidth: 0,
});

export const searchLandmark = style({ display: 'contents' });

export const menuTrigger = style([
  link,
  { background: 'none', border: 'none', font: 'inherit', cursor: 'pointer' },
]);
