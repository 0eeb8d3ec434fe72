import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    name: 'ui-kit',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Simulated typing in jsdom takes ~1 s for a few dozen keys on an idle core; a loaded CI machine (the server
    // projects start chains beside it) can make that several times longer. Time-outs catch hangs, not slowness.
    testTimeout: 20_000,
  },
});
