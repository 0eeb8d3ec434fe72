import { vars } from '@tranche/ui-kit';
import { style } from '@vanilla-extract/css';

/** A mail's text as sent (line breaks kept), wrapped to the page: long lines and links break instead of widening it. */
export const mailText = style({
  margin: 0,
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
