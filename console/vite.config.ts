import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { routePreloads } from './routePreloads.ts';
import { shellSkeleton } from './shellSkeleton.ts';

export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    // The page frame in index.html itself, drawn before any script arrives (shellSkeleton.ts).
    shellSkeleton(),
    // Which files each path's first visit needs, for the server to announce in the page it sends (routePreloads.ts).
    routePreloads(),
    // Brotli and gzip beside every script, style, page and worker, served as they are (server/src/http/serving.ts).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|woff2?)$/,
      // The server reads route-preloads.json; no browser asks for it.
      exclude: [/\.map$/, /manifest\.json$/, /route-preloads\.json$/],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which files each route loads (tests/e2e/serving.spec.ts checks the budgets from it).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // One stylesheet: the console's styles are 41 kB (7 kB gzip) in all, and split per chunk they were 16
    // render-blocking requests on the first load, each a round trip on a phone's network.
    cssCodeSplit: false,
  },
  server: { proxy: { '/api': process.env.TRANCHE_API ?? 'http://127.0.0.1:3000' } },
});
