import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const strip = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  paddingBlock: vars.space.small,
  paddingInline: vars.space.large,
  backgroundColor: vars.color.surface,
  borderBottom: `${vars.border.width} solid ${vars.color.border}`,
  fontSize: vars.font.size.small,
});

export const status = style({ color: vars.color.text, overflowWrap: 'anywhere' });

export const linkButton = style({
  padding: 0,
  border: 'none',
  background: 'none',
  color: vars.color.link,
  textDecoration: 'underline',
  cursor: 'pointer',
  fontSize: 'inherit',
  borderRadius: vars.radius.small,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
  },
});

export const address = style({
  fontFamily: vars.font.family.mono,
  wordBreak: 'break-all',
  textAlign: 'left',
});

export const warning = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xsmall,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  backgroundColor: vars.color.dangerSoft,
  color: vars.color.dangerText,
  fontWeight: vars.font.weight.medium,
  overflowWrap: 'anywhere',
});

export const howTo = style([
  linkButton,
  { color: vars.color.dangerText, fontWeight: vars.font.weight.strong },
]);
