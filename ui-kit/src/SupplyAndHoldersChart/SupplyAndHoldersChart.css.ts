import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const figure = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  minWidth: 0,
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.medium,
  fontWeight: vars.font.weight.strong,
  color: vars.color.text,
});

export const ranges = style({
  border: 'none',
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xsmall,
});

export const rangesLegend = style({
  float: 'left',
  padding: 0,
  marginRight: vars.space.xsmall,
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
});

export const rangeOption = style({
  display: 'inline-flex',
  alignItems: 'center',
  paddingInline: vars.space.small,
  minHeight: vars.size.controlSmall,
  borderRadius: vars.radius.full,
  border: `${vars.border.width} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.font.size.small,
  cursor: 'pointer',
  selectors: {
    '&[data-checked]': {
      borderColor: vars.color.primary,
      backgroundColor: vars.color.primarySoft,
      color: vars.color.primaryText,
      fontWeight: vars.font.weight.medium,
    },
    '&:has(input:focus-visible)': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
  },
});

/** The native radio stays in the page (keyboard, screen readers) but out of sight: the pill shows the choice. */
export const rangeInput = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: 0,
  opacity: 0,
  pointerEvents: 'none',
});

export const plots = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `${vars.border.width} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  minWidth: 0,
});

export const plot = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall, minWidth: 0 });

export const plotHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.xsmall,
  fontSize: vars.font.size.small,
});

export const seriesName = style({ fontWeight: vars.font.weight.medium, color: vars.color.text });

export const seriesFigure = style({ color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const svg = style({
  display: 'block',
  width: '100%',
  height: `calc(${vars.space.xxlarge} * 2.5)`,
  borderBottom: `${vars.border.width} solid ${vars.color.borderStrong}`,
});

export const supplyLine = style({ fill: 'none', stroke: vars.color.primary, strokeWidth: 2 });
export const supplyArea = style({ fill: vars.color.primarySoft, stroke: 'none' });
export const holdersLine = style({ fill: 'none', stroke: vars.color.success, strokeWidth: 2 });
export const holdersArea = style({ fill: vars.color.successSoft, stroke: 'none' });

export const axis = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.small,
  fontSize: vars.font.size.xsmall,
  color: vars.color.textMuted,
});

/** The table of points scrolls within the figure (a year of daily points stays a short block on the page). */
export const tableScroller = style({
  maxHeight: `calc(${vars.space.xxlarge} * 8)`,
  overflowY: 'auto',
  borderRadius: vars.radius.small,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
  },
});

export const empty = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.size.small,
});

export const nowrap = style({ whiteSpace: 'nowrap' });
