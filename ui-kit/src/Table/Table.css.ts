import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

export const scroller = style({ width: '100%', overflowX: 'auto' });

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
