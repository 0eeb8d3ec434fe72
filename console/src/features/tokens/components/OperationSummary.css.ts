import { style } from '@vanilla-extract/css';
import { vars } from '@tranche/ui-kit';

/** A party of a token operation's confirmation: its role, then its legal name, then the full address. */
export const party = style({ display: 'block', marginTop: vars.space.small });

export const partyLabel = style({
  display: 'block',
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
});

export const partyName = style({
  display: 'block',
  fontWeight: vars.font.weight.strong,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const partitions = style({ display: 'block', marginTop: vars.space.small });
