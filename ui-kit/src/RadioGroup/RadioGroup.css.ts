import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const fieldset = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });

export const legend = style({
  padding: 0,
  marginBottom: vars.space.small,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text,
});

export const hiddenLegend = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
});

export const options = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  border: `${vars.border.width} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  selectors: {
    '&[data-checked]': { borderColor: vars.color.primary, backgroundColor: vars.color.primarySoft },
  },
});

export const input = style({
  width: vars.size.icon,
  height: vars.size.icon,
  margin: 0,
  flexShrink: 0,
  accentColor: vars.color.primary,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
  },
});

export const text = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' });

export const hint = style({
  margin: `0 0 ${vars.space.small}`,
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
});

export const description = style({
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
});

// A long address still breaks anywhere; words break only where a line would otherwise overflow ('co mpatible' no more).
export const label = style({
  overflowWrap: 'anywhere',
  color: vars.color.text,
  cursor: 'pointer',
});

export const error = style({
  marginTop: vars.space.xsmall,
  fontSize: vars.font.size.small,
  color: vars.color.dangerText,
});
