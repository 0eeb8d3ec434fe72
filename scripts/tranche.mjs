#!/usr/bin/env node
// Bootstraps and runs Tranche on a machine that has nothing but Node 20 (and root apt for the browser tests).
//   node scripts/tranche.mjs setup   installs pnpm (pinned) and the workspace dependencies
//   node scripts/tranche.mjs start   setup, build the console, run the server (embedded chain and database)
//   node scripts/tranche.mjs test    setup, lint, typecheck, unit/contract/server tests, builds, browser tests
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pinnedPnpm = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.split(
  '@',
)[1];
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function log(message) {
  process.stdout.write(`\n[tranche] ${message}\n`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  return result.status ?? 1;
}

function must(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    log(`'${command} ${args.join(' ')}' failed (exit ${status}).`);
    process.exit(status);
  }
}

function pnpmVersion() {
  const result = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function ensurePnpm() {
  if (pnpmVersion() === pinnedPnpm) return;
  log(`Installing pnpm ${pinnedPnpm} with npm (corepack is not used).`);
  must('npm', ['install', '--global', '--no-fund', '--no-audit', `pnpm@${pinnedPnpm}`]);
}

function setup() {
  ensurePnpm();
  must('pnpm', ['install', '--frozen-lockfile', '--prefer-offline']);
}

// The story baselines are drawn with these fonts: DejaVu for text, Liberation Mono for the ui-kit's monospace
// stack (addresses, hashes). Without the latter, chromium falls back to DejaVu Sans Mono and every story
// showing an address differs from its baseline.
const browserPackages = [
  { name: 'chromium', file: chromium },
  { name: 'fonts-dejavu-core', file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
  { name: 'fonts-liberation', file: '/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf' },
];

function ensureChromium() {
  const missing = browserPackages.filter((p) => !existsSync(p.file)).map((p) => p.name);
  if (missing.length === 0) return;
  log(`Installing Debian's ${missing.join(', ')} with apt-get (for the browser tests).`);
  must('apt-get', ['update', '-qq']);
  must('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function buildConsole() {
  must('pnpm', ['--filter', '@tranche/console', 'build']);
}

function start() {
  setup();
  buildConsole();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => server.kill(signal));
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function test() {
  const started = Date.now();
  ensureChromium();
  setup();
  const reports = path.join(root, '.tmp');
  mkdirSync(reports, { recursive: true });
  const steps = [];
  const step = (name, command, args, options) => {
    log(`${name}: ${command} ${args.join(' ')}`);
    const t0 = Date.now();
    const status = run(command, args, options);
    steps.push({ name, status, seconds: Math.round((Date.now() - t0) / 1000) });
    return status;
  };

  step('lint', 'pnpm', ['exec', 'biome', 'check', '.']);
  step('typecheck', 'pnpm', ['-r', '--if-present', 'typecheck']);
  step('unit, contract and server tests', 'pnpm', [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, 'vitest.json')}`,
  ]);
  step('console build', 'pnpm', ['--filter', '@tranche/console', 'build']);
  step('storybook build', 'pnpm', ['run', 'build-storybook']);
  step('browser tests', 'pnpm', ['exec', 'playwright', 'test'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json') },
  });

  const vitest = readJson(path.join(reports, 'vitest.json'));
  const playwright = readJson(path.join(reports, 'playwright.json'));
  const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
  let failed =
    (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
  const failedSteps = steps.filter((s) => s.status !== 0);
  if (failedSteps.length > 0 && failed === 0) failed = failedSteps.length;

  log('Summary');
  for (const s of steps)
    process.stdout.write(`  ${s.status === 0 ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s)\n`);
  process.stdout.write(`  total ${Math.round((Date.now() - started) / 1000)} s\n`);
  process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
  process.exit(failedSteps.length > 0 ? 1 : 0);
}

const command = process.argv[2];
const commands = { setup, start, test };
if (!(command in commands)) {
  process.stderr.write('usage: node scripts/tranche.mjs setup|start|test\n');
  process.exit(2);
}
commands[command]();
