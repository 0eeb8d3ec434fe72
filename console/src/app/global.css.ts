import { globalStyle } from '@vanilla-extract/css';

// The page around the kit's root: no default margins, so the shell reaches the window's edges.
globalStyle('html, body', { margin: 0, padding: 0 });
