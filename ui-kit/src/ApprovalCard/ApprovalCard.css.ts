import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css.ts';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `${vars.border.width} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  minWidth: 0,
  // An inbox of hundreds: the browser lays out and paints only the cards near the viewport (a card keeps the
  // height it last had, else about one card's, so the scroll bar does not jump).
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 11rem',
  selectors: {
    '&[aria-current="true"]': { borderColor: vars.color.primary, boxShadow: vars.shadow.small },
    '&:focus-visible': {
      outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
  },
});
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
});
export const title = style({
  fontWeight: vars.font.weight.strong,
  color: vars.color.text,
  marginInlineEnd: 'auto',
});
export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.medium,
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
export const approvals = style({ fontSize: vars.font.size.small, color: vars.color.textMuted });
export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap' });
/** A right the key lacks (issue 34): said beside the disabled Approve. */
export const readiness = style({
  fontSize: vars.font.size.small,
  color: vars.color.dangerText,
  backgroundColor: vars.color.dangerSoft,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  overflowWrap: 'anywhere',
});
export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  margin: 0,
  fontSize: vars.font.size.small,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});
export const comment = style({
  margin: 0,
  paddingInlineStart: vars.space.small,
  borderInlineStart: `${vars.border.width} solid ${vars.color.borderStrong}`,
  color: vars.color.text,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
export const ready = style({ color: vars.color.successText });
export const notReady = style({ color: vars.color.dangerText });
export const unknown = style({ color: vars.color.textMuted });
/** The what-if (issue 39): what the operation would put out of bounds or make fail, or that nothing would. */
const whatIfBase = {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  fontSize: vars.font.size.small,
  overflowWrap: 'anywhere',
} as const;
export const whatIfChanges = style({
  ...whatIfBase,
  color: vars.color.text,
  backgroundColor: vars.color.warningSoft,
  borderInlineStart: `${vars.border.width} solid ${vars.color.warning}`,
});
export const whatIfNothing = style({ ...whatIfBase, color: vars.color.textMuted, padding: 0 });
export const whatIfSummary = style({ margin: 0, fontWeight: vars.font.weight.strong });
export const whatIfList = style({ margin: 0, paddingInlineStart: vars.space.medium });
