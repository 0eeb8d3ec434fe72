#!/usr/bin/env node
// Regenerates the user guide's screenshots (docs/guide/images/): builds the console, then runs the browser tests
// that walk an issuer through the product (the newcomer's walk and the sharded key) with GUIDE_SHOTS=1, which makes
// them photograph each step at 1440 x 900 in the light and the dark theme. `pnpm guide`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tranche = path.join(root, 'scripts', 'tranche.mjs');
const specs = ['tests/e2e/newcomer.spec.ts', 'tests/e2e/sharding.spec.ts'];

function step(args, env = process.env) {
  const result = spawnSync(process.execPath, [tranche, 'exec', ...args], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) {
    process.stderr.write(`\n[guide] '${args.join(' ')}' failed (exit ${result.status ?? result.signal}).\n`);
    process.exit(result.status ?? 1);
  }
}

step(['pnpm', '--filter', '@tranche/console', 'build']);
step(['pnpm', 'exec', 'playwright', 'test', '--project=e2e', ...specs], { ...process.env, GUIDE_SHOTS: '1' });
process.stdout.write(
  '\n[guide] The screenshots are in docs/guide/images/; the guide is docs/guide/README.md.\n',
);
