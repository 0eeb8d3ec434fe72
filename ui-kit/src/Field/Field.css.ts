import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall, minWidth: 0 });

export const label = style({
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text,
});

export const hiddenLabel = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
});

export const required = style({ color: vars.color.dangerText });

export const help = style({ fontSize: vars.font.size.small, color: vars.color.textMuted });

export const error = style({ fontSize: vars.font.size.small, color: vars.color.dangerText });

/** Shared look of text inputs, selects and text areas. */
export const control = style({
  width: '100%',
  minHeight: vars.size.control,
  paddingInline: vars.space.medium,
  paddingBlock: vars.space.xsmall,
  borderRadius: vars.radius.medium,
  border: `${vars.border.width} solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.font.size.medium,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '1px',
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { backgroundColor: vars.color.surface, color: vars.color.textMuted, cursor: 'not-allowed' },
    '&[readonly]': { backgroundColor: vars.color.surface },
  },
});
