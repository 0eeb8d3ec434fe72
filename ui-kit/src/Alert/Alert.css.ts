import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

export const alert = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.medium,
    padding: vars.space.large,
    borderRadius: vars.radius.medium,
    borderWidth: vars.border.width,
    borderStyle: 'solid',
    borderLeftWidth: '4px',
  },
  variants: {
    tone: {
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

export const body = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});
export const title = style({ fontWeight: vars.font.weight.strong });
export const text = style({ overflowWrap: 'anywhere' });
export const actions = style({
  marginTop: vars.space.small,
  display: 'flex',
  gap: vars.space.small,
  flexWrap: 'wrap',
});
