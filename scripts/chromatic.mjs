#!/usr/bin/env node
// Publishes the built Storybook to Chromatic when a project token is set. This machine cannot reach the
// service, so visual review runs locally: `pnpm test:e2e --project stories` compares every story with its
// committed screenshot, and `pnpm review` writes a page to review the changes (baseline | current | diff).
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  process.stdout.write(
    'CHROMATIC_PROJECT_TOKEN is not set: skipping Chromatic. Visual review runs locally: `pnpm review` (a page of baseline, current and diff per story; test-results/review/index.html), and `pnpm test:e2e --project stories` checks every story.\n',
  );
  process.exit(0);
}
const result = spawnSync(
  'pnpm',
  ['exec', 'chromatic', '--storybook-build-dir', 'storybook-static', '--exit-zero-on-changes'],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
