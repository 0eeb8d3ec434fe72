import { style } from '@vanilla-extract/css';
import { vars } from '@tranche/ui-kit';

export const main = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${vars.space.xlarge} ${vars.space.large}`,
});

export const narrow = style({ maxWidth: '480px', margin: '0 auto' });
