import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

export const region = style({
  position: 'fixed',
  top: vars.space.large,
  right: vars.space.large,
  zIndex: vars.zIndex.toast,
  width: `min(${vars.size.popover}, calc(100vw - ${vars.space.xxlarge}))`,
});

export const inlineRegion = style({ width: vars.size.popover, maxWidth: '100%' });

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
});

export const toast = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.small,
    padding: vars.space.medium,
    borderRadius: vars.radius.medium,
    border: `${vars.border.width} solid ${vars.color.border}`,
    borderLeftWidth: '4px',
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.medium,
  },
  variants: {
    tone: {
      primary: { borderLeftColor: vars.color.primary },
      success: { borderLeftColor: vars.color.success },
      warning: { borderLeftColor: vars.color.warning },
      danger: { borderLeftColor: vars.color.danger },
    },
  },
});

export const body = style({ flex: 1, minWidth: 0 });
export const title = style({ fontWeight: vars.font.weight.strong });
export const text = style({
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
