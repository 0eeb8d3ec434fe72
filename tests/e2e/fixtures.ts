import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export type RunningServer = {
  url: string;
  /** The demo login printed at start (local mode). */
  demo?: { loginName: string; password: string };
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
};

/** The demo login of each server this process started, by URL (helpers read the local outbox with it). */
export const demoLogins = new Map<string, { loginName: string; password: string }>();

/** Starts the real product (server, embedded chain, PGlite, built console) on free ports with a throw-away data dir. */
export async function startServer(
  env: Record<string, string> = {},
  { timeoutMs = 120_000 }: { timeoutMs?: number } = {},
): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'tranche-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', CHAIN_PORT: '0', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let settled = false;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The server did not start within ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Tranche is running at (http:\/\/\S+)/.exec(output);
      if (!match?.[1] || settled) return;
      // The demo login is printed just after (local mode): wait for it a moment.
      const found = match[1];
      const done = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(found);
      };
      if (/Demo login: \S+ \/ \S+\n/.test(output)) done();
      else setTimeout(done, 3000);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (code ${code}) before it was ready:\n${output}`));
    });
  });
  const demo = /Demo login: (\S+) \/ (\S+)/.exec(output);
  if (demo?.[1] && demo[2]) demoLogins.set(url, { loginName: demo[1], password: demo[2] });
  return {
    url,
    demo: demoLogins.get(url),
    dataDir,
    output: () => output,
    stop: () =>
      stopChild(child).then(() =>
        env.DATA_DIR ? undefined : rmSync(dataDir, { recursive: true, force: true }),
      ),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** One real server per worker, shared by the tests of that worker; each test makes its own accounts. */
export const test = base.extend<{ baseURL: string }, { server: RunningServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // Every test fails on a browser console error, an uncaught page error or a Content-Security-Policy violation.
  // A failed request's status line ("Failed to load resource: ... status of 4xx") is an answer a test may
  // expect (a wrong password, a refused call), not an error of the page, and is not counted. Nor is an API call
  // the page cancelled itself (a newer request replaced it: Chromium logs 'net::ERR_FAILED' for the aborted fetch);
  // an API call that really fails shows its error in the page, where the tests look for it.
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (/^Failed to load resource: the server responded with a status of 4\d\d\b/.test(text)) return;
      const cancelled = /^Failed to load resource: net::ERR_(FAILED|ABORTED)$/.test(text);
      if (cancelled && new URL(message.location().url, 'http://x').pathname.startsWith('/api/')) return;
      problems.push(`console error: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
      });
    });
    await use(page);
    expect(problems, 'browser console errors, page errors and CSP violations').toEqual([]);
  },
});

/** A server and chain of this spec file's own, started with `env` (e.g. CHAIN_BASE_FEE_GWEI). */
export function testOwnServer(env: Record<string, string>) {
  return test.extend<object, { server: RunningServer }>({
    server: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
      async ({}, use) => {
        const server = await startServer(env);
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 150_000 },
    ],
  });
}

/**
 * For specs that move the chain's clock (evm_increaseTime): a server and chain of their own. Playwright runs a file
 * that redefines a worker fixture in a worker of its own, so no other spec sees the moved time (a balance history
 * 'To' today, a lock-up a day ahead).
 */
export const testOwnChain = testOwnServer({});

export { expect } from '@playwright/test';
