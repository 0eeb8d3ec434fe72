import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

// Relative: what its cells place absolutely (visually hidden labels) stays inside it, so a table wider than a phone
// scrolls here and never widens the page.
export const scroller = style({ width: '100%', overflowX: 'auto', position: 'relative' });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.small });

export const caption = style({
  textAlign: 'left',
  paddingBottom: vars.space.small,
  color: vars.color.textMuted,
});

export const head = style({ backgroundColor: vars.color.surface });

globalStyle(`${head} th`, { borderBottom: `2px solid ${vars.color.borderStrong}` });

export const row = style({ borderBottom: `${vars.border.width} solid ${vars.color.border}` });

export const clickableRow = style({
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surface },
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '-2px',
    },
  },
});

const cellBase = {
  padding: `${vars.space.small} ${vars.space.medium}`,
  verticalAlign: 'middle',
} as const;

export const headerCell = recipe({
  base: {
    ...cellBase,
    fontWeight: vars.font.weight.strong,
    color: vars.color.text,
    whiteSpace: 'nowrap',
  },
  variants: { align: { left: { textAlign: 'left' }, right: { textAlign: 'right' } } },
});

export const cell = recipe({
  base: { ...cellBase, color: vars.color.text, overflowWrap: 'anywhere' },
  variants: { align: { left: { textAlign: 'left' }, right: { textAlign: 'right' } } },
});

/** Under this width a table marked `cardsOnPhone` shows each row as a card of label/value lines. */
const phone = 'screen and (max-width: 599.98px)';

export const cards = style({ '@media': { [phone]: { display: 'block' } } });

globalStyle(`${cards} > caption`, { '@media': { [phone]: { display: 'block' } } });
globalStyle(`${cards} > thead`, {
  '@media': { [phone]: { display: 'block', marginBottom: vars.space.small } },
});
// Headers that only name columns are read by screen readers alone (each card line names its column); headers with
// sort buttons stay, as a row of buttons above the cards.
globalStyle(`${cards} > thead:not(:has(button))`, {
  '@media': {
    [phone]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
      whiteSpace: 'nowrap',
    },
  },
});
globalStyle(`${cards} > thead > tr`, {
  '@media': { [phone]: { display: 'flex', flexWrap: 'wrap', gap: vars.space.xsmall, border: 'none' } },
});
globalStyle(`${cards} > thead th`, {
  '@media': { [phone]: { display: 'block', border: 'none', paddingBlock: vars.space.xsmall } },
});
globalStyle(`${cards} > tbody`, {
  '@media': { [phone]: { display: 'flex', flexDirection: 'column', gap: vars.space.small } },
});
globalStyle(`${cards} > tbody > tr`, {
  '@media': {
    [phone]: {
      display: 'block',
      padding: vars.space.small,
      border: `${vars.border.width} solid ${vars.color.border}`,
      borderRadius: vars.radius.medium,
    },
  },
});
globalStyle(`${cards} > tbody > tr > td`, {
  '@media': {
    [phone]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(5rem, 35%) minmax(0, 1fr)',
      gap: vars.space.small,
      padding: `${vars.space.xsmall} 0`,
      textAlign: 'left',
    },
  },
});
// The column's name before each value; '/ ""' keeps it out of what screen readers read (the cell keeps its header).
globalStyle(`${cards} > tbody > tr > td[data-label]::before`, {
  '@media': {
    [phone]: {
      content: 'attr(data-label) / ""',
      color: vars.color.textMuted,
      fontWeight: vars.font.weight.medium,
    },
  },
});
// A card leaves out the lines of cells with nothing in them (a column that holds no value for this row), rather than
// a column name followed by blank space.
globalStyle(`${cards} > tbody > tr > td[data-label]:empty`, { '@media': { [phone]: { display: 'none' } } });
globalStyle(`${cards} > tbody > tr > td:not([data-label])`, { '@media': { [phone]: { display: 'block' } } });
