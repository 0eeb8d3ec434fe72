import { globalStyle } from '@vanilla-extract/css';

// The page around the kit's root: no default margins, so the shell reaches the window's edges.
globalStyle('html, body', { margin: 0, padding: 0 });

// The window's own canvas (behind the root, past its edges) and scrollbars in the theme the console draws with.
globalStyle('html:has([data-tranche-root][data-theme="light"])', { colorScheme: 'light' });
globalStyle('html:has([data-tranche-root][data-theme="dark"])', { colorScheme: 'dark' });
