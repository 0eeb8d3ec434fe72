#!/usr/bin/env node
// Bootstraps and runs Tranche on a machine that has nothing but Node (any version that runs this file) and npm
// (and root apt for the browser tests). Tranche runs on Node 24 LTS: with an older machine Node, the pinned Node 24
// is installed from the npm registry into .tools/ and this script runs again under it, with its bin folder first
// on PATH, so pnpm, vitest, playwright, tsx and the server (and the servers tests spawn with process.execPath)
// all run on it.
//   node scripts/tranche.mjs setup          installs Node 24 (when needed), pnpm (pinned), the dependencies
//   node scripts/tranche.mjs start          setup, build the console, run the server (embedded chain and database)
//   node scripts/tranche.mjs test           setup, lint, typecheck, unit/contract/server tests, builds, browser tests
//   node scripts/tranche.mjs exec CMD ...   runs CMD with the project's runtime first on PATH (e.g. `exec node --version`)
//   node scripts/tranche.mjs tools          installs what the tests need besides Node: chromium and fonts, promtool
//   node scripts/tranche.mjs backup FILE    encrypted backup of DATA_DIR (running or stopped; BACKUP_PASSPHRASE)
//   node scripts/tranche.mjs restore FILE   restores a backup into an empty DATA_DIR (--force: moves the old one aside)
//   node scripts/tranche.mjs rotate-master-key   re-seals every sealed secret under a new master key (server stopped)
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const pinnedPnpm = packageJson.packageManager.split('@')[1];
/** The Node 24 LTS release installed when the machine's Node is older than {@link minimumNodeMajor}. */
const pinnedNode = '24.21.0';
const minimumNodeMajor = 24;
const tools = path.join(root, '.tools');
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

function fail(message) {
  log(message);
  process.exit(1);
}

function nodeMajor(version) {
  return Number(version.replace(/^v/, '').split('.')[0]);
}

function prependPath(dir) {
  const entries = (process.env.PATH ?? '').split(path.delimiter);
  if (entries[0] !== dir) process.env.PATH = [dir, ...entries.filter((e) => e !== dir)].join(path.delimiter);
}

/**
 * The pinned Node in .tools/, installed from the npm registry's `node-<platform>-<arch>` package (the official
 * build, bin/node and headers) when missing. Extracted beside its final folder and renamed into place, so a run
 * that stops half way leaves nothing that looks installed.
 */
function installedNode() {
  const dir = path.join(tools, `node-v${pinnedNode}`);
  const bin = path.join(dir, 'bin', 'node');
  if (!existsSync(bin)) {
    const spec = `node-${process.platform}-${process.arch}@${pinnedNode}`;
    log(
      `Node ${process.versions.node} is older than ${minimumNodeMajor}: installing Node ${pinnedNode} (${spec}) from the npm registry into .tools/.`,
    );
    mkdirSync(tools, { recursive: true });
    const work = mkdtempSync(path.join(tools, '.node-'));
    try {
      const packed = spawnSync('npm', ['pack', spec, '--json', '--pack-destination', work], {
        cwd: work,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const filename = packed.status === 0 ? JSON.parse(packed.stdout)[0]?.filename : undefined;
      if (!filename) {
        rmSync(work, { recursive: true, force: true });
        fail(`Could not download ${spec}; install Node ${minimumNodeMajor} or newer and run again.`);
      }
      must('tar', ['-xzf', path.join(work, filename), '-C', work]);
      if (!existsSync(bin)) renameSync(path.join(work, 'package'), dir);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (version !== `v${pinnedNode}`) fail(`${bin} does not run here (answered ${version || 'nothing'}).`);
  return bin;
}

/**
 * Makes the project's runtime the `node` of every command run from here: the running Node when it is new
 * enough, else the pinned one, under which this script then runs again (returns false: the caller waits).
 */
function onProjectRuntime() {
  const localPnpm = path.join(tools, `pnpm-${pinnedPnpm}`, 'node_modules', '.bin');
  if (existsSync(localPnpm)) prependPath(localPnpm);
  if (nodeMajor(process.versions.node) >= minimumNodeMajor) {
    prependPath(path.dirname(process.execPath));
    return true;
  }
  const node = installedNode();
  prependPath(path.dirname(node));
  const child = spawn(node, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    cwd: process.cwd(),
    stdio: 'inherit',
    env: process.env,
  });
  // Ctrl-C reaches the whole foreground process group, the child included: passing SIGINT on as well would
  // reach the server twice (its second SIGINT means "exit now"). Signals sent to this process alone are passed on.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return false;
}

function pnpmVersion() {
  const result = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** The pinned pnpm: the one on PATH when it is that version, else installed with npm into .tools/. */
function ensurePnpm() {
  if (pnpmVersion() === pinnedPnpm) return;
  const prefix = path.join(tools, `pnpm-${pinnedPnpm}`);
  log(`Installing pnpm ${pinnedPnpm} with npm into .tools/ (corepack is not used).`);
  must('npm', [
    'install',
    '--prefix',
    prefix,
    '--no-fund',
    '--no-audit',
    '--no-package-lock',
    '--no-save',
    `pnpm@${pinnedPnpm}`,
  ]);
  prependPath(path.join(prefix, 'node_modules', '.bin'));
  if (pnpmVersion() !== pinnedPnpm) fail(`pnpm ${pinnedPnpm} was installed but does not run.`);
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

// promtool checks the Prometheus alert rules in ops/ (server/test/ops.test.ts). It comes from Debian's prometheus
// package, of which only the files are taken (apt-get download, dpkg-deb -x into .tools/prometheus): installing the
// package would also install and, where services start, run a Prometheus server. PROMTOOL_PATH overrides it.
const promtool = process.env.PROMTOOL_PATH ?? path.join(tools, 'prometheus', 'usr', 'bin', 'promtool');

function ensurePromtool() {
  if (existsSync(promtool)) return;
  log(
    "Taking promtool from Debian's prometheus package (apt-get download) into .tools/prometheus (for the tests).",
  );
  const download = mkdtempSync(path.join(tools, 'prometheus-deb-'));
  // apt's download user (_apt) must be able to write there, or apt warns that it downloads unsandboxed.
  chmodSync(download, 0o755);
  try {
    if (run('apt-get', ['download', '-qq', 'prometheus'], { cwd: download }) !== 0) {
      must('apt-get', ['update', '-qq']);
      must('apt-get', ['download', '-qq', 'prometheus'], { cwd: download });
    }
    const deb = readdirSync(download).find((file) => file.endsWith('.deb'));
    if (!deb) fail('apt-get download prometheus left no .deb file.');
    must('dpkg-deb', ['-x', path.join(download, deb), path.join(tools, 'prometheus')]);
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
  if (!existsSync(promtool))
    fail(`promtool is not at ${promtool} after unpacking Debian's prometheus package.`);
}

function installTools() {
  mkdirSync(tools, { recursive: true });
  ensureChromium();
  ensurePromtool();
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

/**
 * One line per failed test (its file, its name, its error's first line), from the Vitest and Playwright JSON
 * reports: the summary at the end of a long log names what failed, not only how many.
 */
function failedTests(vitest, playwright) {
  const firstLine = (text) =>
    (text ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the reports keep the terminal's colour codes
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? '';
  const lines = [];
  for (const file of vitest?.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) lines.push(`${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import, a hook).
    if (failed.length === 0 && file.status === 'failed') lines.push(`${name}: ${firstLine(file.message)}`);
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const error = t.results?.find((r) => r.error)?.error?.message;
        lines.push(
          `${spec.file}:${spec.line} › ${spec.title} [${t.projectName}] ${t.status}: ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of playwright?.suites ?? []) walk(suite);
  return lines;
}

/** Runs a command with each output line prefixed by `[label] `; resolves with its exit status. */
function runLabelled(label, command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const forward = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${label}] ${line}\n`);
      });
      stream.on('end', () => {
        if (rest) out.write(`[${label}] ${rest}\n`);
      });
    };
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('error', (error) => {
      process.stderr.write(`[${label}] ${command} could not run: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function test() {
  const started = Date.now();
  log('Runtime: node --version');
  must('node', ['--version']);
  installTools();
  setup();
  const reports = path.join(root, '.tmp');
  mkdirSync(reports, { recursive: true });
  // An earlier run's reports would be counted if a step stopped before writing its own.
  for (const report of ['vitest.json', 'playwright.json'])
    rmSync(path.join(reports, report), { force: true });
  const steps = [];
  const step = (name, command, args, options) => {
    log(`${name}: ${command} ${args.join(' ')}`);
    const t0 = Date.now();
    const status = run(command, args, options);
    steps.push({ name, status, seconds: Math.round((Date.now() - t0) / 1000) });
    return status;
  };
  const labelledStep = async (label, name, command, args, options) => {
    log(`${name}: ${command} ${args.join(' ')} (output lines start with [${label}])`);
    const t0 = Date.now();
    const status = await runLabelled(label, command, args, options);
    steps.push({ name, status, seconds: Math.round((Date.now() - t0) / 1000) });
    return status;
  };

  step('lint', 'pnpm', ['run', 'lint']);
  // Every package, and the browser tests (tests/tsconfig.json), which no package covers.
  step('typecheck', 'pnpm', ['run', 'typecheck']);
  // Two lanes (each test owns its chain, database and ports, so they share nothing): the Vitest projects, and the
  // builds the browser tests need followed by the browser tests. One after the other by default: side by side
  // (TRANCHE_TEST_PARALLEL=1) measured 27 min against about the same serially on this 2-core machine, with a hook
  // timing out under the doubled load, so the lanes only overlap where there are cores to spare.
  const vitestLane = () =>
    labelledStep('vitest', 'unit, contract and server tests', 'pnpm', [
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, 'vitest.json')}`,
    ]);
  const browserLane = async () => {
    await labelledStep('build', 'console build', 'pnpm', ['--filter', '@tranche/console', 'build']);
    await labelledStep('storybook', 'storybook build', 'pnpm', ['run', 'build-storybook']);
    await labelledStep('browser', 'browser tests', 'pnpm', ['exec', 'playwright', 'test'], {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json') },
    });
  };
  if (process.env.TRANCHE_TEST_PARALLEL === '1') {
    await Promise.all([vitestLane(), browserLane()]);
  } else {
    await vitestLane();
    await browserLane();
  }

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
  for (const line of failedTests(vitest, playwright)) process.stdout.write(`  failed: ${line}\n`);
  process.exit(failedSteps.length > 0 ? 1 : 0);
}

/**
 * Runs one of the server's operator commands (backup, restore, rotate-master-key) on the project's runtime, installing
 * the dependencies first only when they are missing (a backup from cron should not reinstall anything).
 */
function operatorCommand(file, args) {
  if (!existsSync(path.join(root, 'node_modules', '.modules.yaml'))) setup();
  // A relative archive path is the caller's: npm sets INIT_CWD to where it was typed, else this process's cwd.
  const env = { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() };
  process.exit(run(process.execPath, ['--import', 'tsx', file, ...args], { env }));
}

const backup = () => operatorCommand('server/src/backup/cli.ts', ['backup', ...process.argv.slice(3)]);
const restore = () => operatorCommand('server/src/backup/cli.ts', ['restore', ...process.argv.slice(3)]);
const rotateMasterKey = () => operatorCommand('server/src/crypto/rotateCli.ts', process.argv.slice(3));

function exec() {
  const [command, ...args] = process.argv.slice(3);
  if (!command) fail('usage: node scripts/tranche.mjs exec COMMAND [ARGS...]');
  process.exit(run(command, args, { cwd: process.cwd() }));
}

const command = process.argv[2];
const commands = {
  setup,
  start,
  test,
  exec,
  tools: installTools,
  backup,
  restore,
  'rotate-master-key': rotateMasterKey,
};
if (!(command in commands)) {
  process.stderr.write(
    'usage: node scripts/tranche.mjs setup|start|test|tools|backup FILE|restore FILE|rotate-master-key|exec COMMAND...\n',
  );
  process.exit(2);
}
if (onProjectRuntime()) await commands[command]();
