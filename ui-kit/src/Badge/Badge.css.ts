import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    paddingInline: vars.space.small,
    paddingBlock: vars.space.xxsmall,
    borderRadius: vars.radius.full,
    borderWidth: vars.border.width,
    borderStyle: 'solid',
    fontSize: vars.font.size.xsmall,
    fontWeight: vars.font.weight.strong,
    lineHeight: vars.font.lineHeight.tight,
    whiteSpace: 'nowrap',
    selectors: {
      '&:focus-visible': {
        outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
        outlineOffset: '2px',
      },
    },
  },
  variants: {
    tone: {
      neutral: {
        backgroundColor: vars.color.neutralSoft,
        borderColor: vars.color.border,
        color: vars.color.text,
      },
      primary: {
        backgroundColor: vars.color.primarySoft,
        borderColor: vars.color.primary,
        color: vars.color.primaryText,
      },
      success: {
        backgroundColor: vars.color.successSoft,
        borderColor: vars.color.success,
        color: vars.color.successText,
      },
      warning: {
        backgroundColor: vars.color.warningSoft,
        borderColor: vars.color.warning,
        color: vars.color.warningText,
      },
      danger: {
        backgroundColor: vars.color.dangerSoft,
        borderColor: vars.color.danger,
        color: vars.color.dangerText,
      },
    },
  },
});
