import { style } from '@vanilla-extract/css';
import { vars } from '@tranche/ui-kit';

/** The what-if's findings: one sentence a line, bulleted, addresses broken anywhere on a narrow screen. */
export const findings = style({
  margin: 0,
  paddingLeft: vars.space.large,
  listStyle: 'disc',
  display: 'grid',
  gap: vars.space.xsmall,
  overflowWrap: 'anywhere',
});
