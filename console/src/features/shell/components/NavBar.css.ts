import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@tranche/ui-kit';

export const header = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.medium,
  padding: `${vars.space.small} ${vars.space.large}`,
});

export const brand = style({
  fontWeight: vars.font.weight.strong,
  fontSize: vars.font.size.large,
  color: vars.color.text,
  textDecoration: 'none',
  marginRight: vars.space.medium,
});

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const link = style({
  color: vars.color.text,
  textDecoration: 'none',
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  borderRadius: vars.radius.small,
  selectors: {
    '&:hover': { background: vars.color.neutralSoft },
    '&[aria-current="page"]': { color: vars.color.link, fontWeight: vars.font.weight.medium },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const spacer = style({ flex: 1 });

export const search = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.xsmall,
  flex: '1 1 200px',
  maxWidth: '340px',
  minWidth: 0,
});

export const searchLandmark = style({ display: 'contents' });

export const menuTrigger = style([
  link,
  { background: 'none', border: 'none', font: 'inherit', cursor: 'pointer' },
]);

/** Under this width the logged-in links, search and menus fold behind the Menu button. */
const phone = 'screen and (max-width: 599.98px)';

export const menuButton = style([
  link,
  {
    display: 'none',
    alignItems: 'center',
    gap: vars.space.small,
    marginLeft: 'auto',
    minHeight: vars.size.control,
    background: 'none',
    border: `${vars.border.width} solid ${vars.color.border}`,
    font: 'inherit',
    cursor: 'pointer',
    '@media': { [phone]: { display: 'inline-flex' } },
  },
]);

/** Three bars drawn with borders (currentColor), so they follow the theme. */
export const menuIcon = style({
  display: 'inline-block',
  width: vars.size.icon,
  height: vars.space.medium,
  borderTop: `${vars.border.focusWidth} solid currentColor`,
  borderBottom: `${vars.border.focusWidth} solid currentColor`,
  position: 'relative',
  '::after': {
    content: '""',
    position: 'absolute',
    left: 0,
    right: 0,
    top: '50%',
    transform: 'translateY(-50%)',
    borderTop: `${vars.border.focusWidth} solid currentColor`,
  },
});

/** The links, search and menus: part of the bar on wide screens, a panel under it on a phone while open. */
export const panel = style({
  display: 'contents',
  '@media': {
    [phone]: {
      display: 'none',
      flexBasis: '100%',
      flexDirection: 'column',
      alignItems: 'stretch',
      gap: vars.space.medium,
      paddingBlock: vars.space.small,
      selectors: { '&[data-open="true"]': { display: 'flex' } },
    },
  },
});

export const panelEnd = style({
  display: 'contents',
  '@media': {
    [phone]: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.small },
  },
});

globalStyle(`${panel} ${links}`, {
  '@media': { [phone]: { flexDirection: 'column', alignItems: 'stretch' } },
});

globalStyle(`${panel} ${search}`, {
  '@media': { [phone]: { maxWidth: 'none', flex: 'none' } },
});

globalStyle(`${panel} ${search} > :first-child`, {
  '@media': { [phone]: { flex: 1, minWidth: 0 } },
});
