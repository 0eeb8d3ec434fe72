// The page frame drawn by index.html itself, before any script has run: the navigation bar's strip with the brand,
// in the kit's light theme, or its dark one when the system asks for dark colours (a choice made in My Account applies
// from the first render: no inline script may read it), built from the kit's design tokens. On a phone's slow network the
// console's scripts take seconds to arrive; with this a visitor sees the frame as soon as the page and its stylesheet
// are in, not a blank page until React's first render replaces it (createRoot clears #root). Nothing in it can be
// focused or clicked, and it names no landmark, so it is never mistaken for the page it stands in for.
import type { Plugin } from 'vite';
import { darkColors, lightColors, tokens } from '../ui-kit/src/theme/tokens.ts';

const { space, font, border } = tokens;

/** The frame's styles, inline (no request): the same values as NavBar.css.ts and the kit's root. */
export const skeletonStyles = [
  `html,body{margin:0;padding:0}`,
  `.boot{font-family:${font.family.body};font-size:${font.size.medium};line-height:${font.lineHeight.normal};`,
  `color:${lightColors.text};background:${lightColors.background};min-height:100vh}`,
  `.boot-bar{background:${lightColors.surface};border-bottom:${border.width} solid ${lightColors.border};`,
  `padding:${space.small} ${space.large}}`,
  `.boot-brand{font-weight:${font.weight.strong};font-size:${font.size.large};color:${lightColors.text}}`,
  `@media (prefers-color-scheme:dark){html{color-scheme:dark}`,
  `.boot{color:${darkColors.text};background:${darkColors.background}}`,
  `.boot-bar{background:${darkColors.surface};border-bottom-color:${darkColors.border}}`,
  `.boot-brand{color:${darkColors.text}}}`,
].join('');

export const skeletonMarkup =
  '<div class="boot" aria-busy="true"><div class="boot-bar"><span class="boot-brand">Tranche</span></div></div>';

/** Writes the frame into index.html's #root and its styles into the head. */
export function shellSkeleton(): Plugin {
  return {
    name: 'tranche-shell-skeleton',
    transformIndexHtml(html) {
      const root = '<div id="root"></div>';
      if (!html.includes(root))
        throw new Error('index.html has no empty <div id="root"></div> for the frame');
      return html
        .replace('</head>', `<style>${skeletonStyles}</style></head>`)
        .replace(root, `<div id="root">${skeletonMarkup}</div>`);
    },
  };
}
