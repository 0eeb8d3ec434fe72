import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

export const heading = recipe({
  base: {
    margin: 0,
    color: vars.color.text,
    fontWeight: vars.font.weight.strong,
    lineHeight: vars.font.lineHeight.tight,
  },
  variants: {
    level: {
      1: { fontSize: vars.font.size.xxlarge },
      2: { fontSize: vars.font.size.xlarge },
      3: { fontSize: vars.font.size.large },
      4: { fontSize: vars.font.size.medium },
    },
  },
});
