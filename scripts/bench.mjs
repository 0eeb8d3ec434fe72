#!/usr/bin/env node
// Runs every benchmark in bench/ (or the ones named on the command line); each prints its own figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, 'bench');
const wanted = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((name) => /\.bench\.(mjs|ts)$/.test(name))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.includes(w)))
  .sort();
let failed = 0;
for (const file of files) {
  process.stdout.write(`\n== ${file}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, file)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
