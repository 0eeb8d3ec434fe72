import { vars } from '@tranche/ui-kit';
import { style } from '@vanilla-extract/css';

/** A decoded call's or event's arguments: one per line, name then value. */
export const argList = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'grid',
  gap: vars.space.xsmall,
});

export const argName = style({
  color: vars.color.textMuted,
});

/** The raw input data, behind its disclosure: wrapped to the page, never widening it. */
export const raw = style({
  margin: 0,
  marginTop: vars.space.xsmall,
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const summary = style({
  cursor: 'pointer',
  color: vars.color.link,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

/** An amount stays on one line (its digits never split). */
export const amount = style({ whiteSpace: 'nowrap' });
