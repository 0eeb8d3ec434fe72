import { defineConfig } from '@playwright/test';

/** Debian's chromium, never a downloaded browser; flags keep it off the (closed) network. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

// One output folder per run, so that runs started side by side never delete each other's artifacts
// (workers inherit the runner's environment, so they see the same id).
process.env.TRANCHE_PW_RUN ??= String(process.pid);

export default defineConfig({
  testDir: 'tests',
  outputDir: `test-results/run-${process.env.TRANCHE_PW_RUN}`,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'e2e', testDir: 'tests/e2e' },
    { name: 'stories', testDir: 'tests/stories' },
  ],
});
