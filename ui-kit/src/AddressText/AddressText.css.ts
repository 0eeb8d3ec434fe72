import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const address = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  maxWidth: '100%',
});

export const value = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  wordBreak: 'break-all',
  borderRadius: vars.radius.small,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
  },
});

export const name = style({
  fontWeight: vars.font.weight.strong,
  overflowWrap: 'anywhere',
  marginRight: vars.space.xxsmall,
});

/** The short form never breaks inside (0x5aAe…eAed stays on one line). */
export const short = style({
  whiteSpace: 'nowrap',
  wordBreak: 'normal',
});

/** The explorer link is an icon: its target is at least 24 × 24 px (WCAG 2.2 target size), never squeezed. */
export const explorerLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  minWidth: '24px',
  minHeight: '24px',
});
