import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const tooltip = style({
  zIndex: vars.zIndex.tooltip,
  width: 'max-content',
  maxWidth: `min(280px, calc(100vw - ${vars.space.large}))`,
  paddingInline: vars.space.small,
  paddingBlock: vars.space.xsmall,
  borderRadius: vars.radius.small,
  backgroundColor: vars.color.text,
  color: vars.color.textInverse,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.regular,
  lineHeight: vars.font.lineHeight.normal,
  boxShadow: vars.shadow.medium,
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
});
