import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './vars.css.ts';

/** The root class every themed subtree carries; the reset below applies only inside it. */
export const root = style({
  fontFamily: vars.font.family.body,
  fontSize: vars.font.size.medium,
  lineHeight: vars.font.lineHeight.normal,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

const scope = ':where([data-tranche-root])';

globalStyle(`${scope} *, ${scope} *::before, ${scope} *::after`, { boxSizing: 'border-box' });
globalStyle(`${scope} :where(h1, h2, h3, h4, h5, h6, p, figure, blockquote, dl, dd, ul, ol)`, {
  margin: 0,
});
globalStyle(`${scope} :where(ul, ol)`, { padding: 0, listStyle: 'none' });
globalStyle(`${scope} :where(button, input, select, textarea)`, {
  font: 'inherit',
  color: 'inherit',
  margin: 0,
});
globalStyle(`${scope} :where(table)`, { borderCollapse: 'collapse', borderSpacing: 0 });
globalStyle(`${scope} :where(a)`, { color: vars.color.link });
globalStyle(`${scope} :where(:focus-visible)`, {
  outline: `${vars.border.focusWidth} solid ${vars.color.focus}`,
  outlineOffset: '2px',
});
globalStyle(`${scope} :where(img, svg, canvas)`, { display: 'block', maxWidth: '100%' });
