import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.small,
    borderRadius: vars.radius.medium,
    borderWidth: vars.border.width,
    borderStyle: 'solid',
    fontWeight: vars.font.weight.medium,
    lineHeight: vars.font.lineHeight.tight,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
    selectors: {
      '&:focus-visible': {
        outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
        outlineOffset: '2px',
      },
      '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
      '&[aria-busy="true"]': { cursor: 'progress' },
    },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.primary,
        borderColor: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.primaryHover } },
      },
      secondary: {
        backgroundColor: vars.color.surfaceRaised,
        borderColor: vars.color.borderStrong,
        color: vars.color.text,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.neutralSoft } },
      },
      danger: {
        backgroundColor: vars.color.danger,
        borderColor: vars.color.danger,
        color: vars.color.onDanger,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.dangerHover } },
      },
      ghost: {
        backgroundColor: 'transparent',
        borderColor: 'transparent',
        color: vars.color.link,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.neutralSoft } },
      },
    },
    size: {
      small: {
        minHeight: vars.size.controlSmall,
        paddingInline: vars.space.small,
        fontSize: vars.font.size.small,
      },
      medium: {
        minHeight: vars.size.control,
        paddingInline: vars.space.large,
        fontSize: vars.font.size.medium,
      },
      large: {
        minHeight: vars.size.controlLarge,
        paddingInline: vars.space.xlarge,
        fontSize: vars.font.size.medium,
      },
    },
    fullWidth: { true: { width: '100%' }, false: {} },
  },
});
