import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

const pulse = keyframes({ '0%': { opacity: 1 }, '50%': { opacity: 0.55 }, '100%': { opacity: 1 } });

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  width: '100%',
});

/** One grey bar standing in for a line of text, a heading or a control. */
export const bar = recipe({
  base: {
    display: 'block',
    borderRadius: vars.radius.small,
    backgroundColor: vars.color.neutralSoft,
    animation: `${pulse} 1.6s ease-in-out infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
  variants: {
    kind: {
      heading: { height: vars.font.size.xxlarge, width: '40%', minWidth: '12rem', maxWidth: '100%' },
      text: { height: vars.font.size.small, width: '100%' },
      short: { height: vars.font.size.small, width: '60%' },
      control: { height: vars.size.control, width: '100%' },
      tabs: { height: vars.size.control, width: '100%', maxWidth: '36rem' },
    },
  },
});

export const table = style({
  display: 'flex',
  flexDirection: 'column',
  border: `${vars.border.width} solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
});

export const tableRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.large,
  height: vars.size.control,
  paddingInline: vars.space.medium,
  borderBottom: `${vars.border.width} solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});

export const tableHead = style({ backgroundColor: vars.color.surface });

export const cell = style({ flex: 1, minWidth: 0 });

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(6rem, 12rem) 1fr',
  gap: `${vars.space.medium} ${vars.space.large}`,
});

export { visuallyHidden } from '../theme/utils.css.ts';
