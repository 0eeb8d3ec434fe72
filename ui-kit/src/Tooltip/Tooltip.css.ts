import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

export const anchor = style({ position: 'relative', display: 'inline-flex' });

export const tooltip = recipe({
  base: {
    position: 'absolute',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: vars.zIndex.tooltip,
    width: 'max-content',
    maxWidth: '280px',
    paddingInline: vars.space.small,
    paddingBlock: vars.space.xsmall,
    borderRadius: vars.radius.small,
    backgroundColor: vars.color.text,
    color: vars.color.textInverse,
    fontSize: vars.font.size.small,
    fontWeight: vars.font.weight.regular,
    lineHeight: vars.font.lineHeight.normal,
    boxShadow: vars.shadow.medium,
    pointerEvents: 'none',
    whiteSpace: 'normal',
    selectors: { '&[data-state="closed"]': { display: 'none' } },
  },
  variants: {
    side: {
      top: { bottom: `calc(100% + ${vars.space.small})` },
      bottom: { top: `calc(100% + ${vars.space.small})` },
    },
  },
});
