import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const link = style({
  color: vars.color.link,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  borderRadius: vars.radius.small,
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { textDecorationThickness: '2px' },
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
  },
});

export { visuallyHidden as hidden } from '../theme/utils.css.ts';
