import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const figure = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  minWidth: 0,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.medium,
  fontWeight: vars.font.weight.strong,
  color: vars.color.text,
});

export const bar = style({
  display: 'block',
  width: '100%',
  height: vars.space.xlarge,
  borderRadius: vars.radius.small,
  overflow: 'hidden',
  backgroundColor: vars.color.neutralSoft,
});

/** Between two slices: a line of the surface colour so that neighbours stay apart. */
export const slice = style({ stroke: vars.color.surfaceRaised, strokeWidth: 1 });

/** The colours slices take in turn (theme roles, so that the dark theme has its own); the rest is neutral. */
export const palette = styleVariants({
  c0: { fill: vars.color.primary, backgroundColor: vars.color.primary },
  c1: { fill: vars.color.success, backgroundColor: vars.color.success },
  c2: { fill: vars.color.warning, backgroundColor: vars.color.warning },
  c3: { fill: vars.color.danger, backgroundColor: vars.color.danger },
  c4: { fill: vars.color.primaryText, backgroundColor: vars.color.primaryText },
  c5: { fill: vars.color.successText, backgroundColor: vars.color.successText },
  c6: { fill: vars.color.warningText, backgroundColor: vars.color.warningText },
  c7: { fill: vars.color.dangerText, backgroundColor: vars.color.dangerText },
  c8: { fill: vars.color.link, backgroundColor: vars.color.link },
  c9: { fill: vars.color.textMuted, backgroundColor: vars.color.textMuted },
  rest: { fill: vars.color.borderStrong, backgroundColor: vars.color.borderStrong },
});

export const swatch = style({
  display: 'inline-block',
  width: vars.space.small,
  height: vars.space.small,
  marginRight: vars.space.xsmall,
  borderRadius: vars.radius.small,
  verticalAlign: 'middle',
});

export const empty = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.size.small,
});

export const label = style({ overflowWrap: 'anywhere' });

/** A share ('33.33%') stays on one line: a narrow table wraps the amount beside it, never the percent sign. */
export const share = style({ whiteSpace: 'nowrap' });
