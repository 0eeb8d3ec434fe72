import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DevChain } from '@tranche/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../src/config.ts';
import { StartupError } from '../src/errors.ts';
import { pgliteExtensions } from '../src/db/database.ts';
import { productionProblems } from '../src/production.ts';
import { startServer } from '../src/server.ts';
import { startTestChain } from './helpers.ts';

type Run = { code: number | null; stdout: string; stderr: string };

/** Every start below: free ports, and no mail outside local mode unless a test says otherwise. */
const baseEnv = { PORT: '0', CHAIN_PORT: '0', MAIL: 'disabled' };

function startMain(env: Record<string, string>): {
  child: ChildProcess;
  output: () => Run;
  exited: Promise<Run>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<Run>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, output: () => ({ code: child.exitCode, stdout, stderr }), exited };
}

function waitForLine(
  run: ReturnType<typeof startMain>,
  pattern: RegExp,
  timeoutMs = 90_000,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const match = pattern.exec(run.output().stdout);
      if (match) {
        clearInterval(timer);
        resolve(match);
      } else if (run.child.exitCode !== null || Date.now() > deadline) {
        clearInterval(timer);
        reject(new Error(`no ${pattern} in: ${JSON.stringify(run.output())}`));
      }
    }, 100);
    const deadline = Date.now() + timeoutMs;
  });
}

/** Exit code 1 and exactly one line on stderr, no stack trace. */
async function expectOneLineFailure(env: Record<string, string>, message: RegExp) {
  const result = await startMain(env).exited;
  expect(result.code, JSON.stringify(result)).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stdout).not.toContain('Tranche is running');
}

async function expectStartupError(env: Record<string, string>, message: RegExp) {
  const error = await Promise.resolve()
    .then(() => startServer(loadConfig({ ...baseEnv, ...env })))
    .then(
      async (server) => {
        await server.close();
        return undefined;
      },
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(StartupError);
  expect((error as Error).message).not.toContain('\n');
  expect((error as Error).message).toMatch(message);
}

let chain: DevChain;
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tranche-start-'));
  dirs.push(dir);
  return dir;
}
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.concurrent('bad start-up input gets one clear line and exit code 1', () => {
  it('port in use', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      await expectOneLineFailure(
        { PORT: String(port), DATA_DIR: tempDir(), CHAIN_RPC_URL: chain.rpcUrl },
        new RegExp(`^Port ${port} on 127\\.0\\.0\\.1 is in use\\. .*set PORT`),
      );
    } finally {
      blocker.close();
    }
  });

  it('outside local mode without SMTP_URL (and without MAIL=disabled)', async () => {
    await expectOneLineFailure(
      { DATA_DIR: tempDir(), CHAIN_RPC_URL: chain.rpcUrl, MAIL: '' },
      /^Set SMTP_URL: outside local mode \(CHAIN_RPC_URL is set\) sign-up codes, .* MAIL=disabled runs without any mail\.$/,
    );
    await expectStartupError({ DATA_DIR: tempDir(), MAIL: 'off' }, /^MAIL can only be "disabled"/);
  });

  it('unreachable CHAIN_RPC_URL', async () => {
    await expectOneLineFailure(
      { DATA_DIR: tempDir(), CHAIN_RPC_URL: 'http://127.0.0.1:9' },
      /^Cannot reach the chain at CHAIN_RPC_URL=http:\/\/127\.0\.0\.1:9: ECONNREFUSED$/,
    );
  });

  // The same messages without a process each (main prints exactly error.message of a StartupError).
  it('bad DATABASE_URL', async () => {
    await expectStartupError(
      {
        DATA_DIR: tempDir(),
        CHAIN_RPC_URL: chain.rpcUrl,
        DATABASE_URL: 'postgres://nobody:pw@127.0.0.1:9/none',
      },
      /^Cannot connect to the database at DATABASE_URL=postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:9\/none: .*ECONNREFUSED/,
    );
    await expectStartupError(
      { DATA_DIR: tempDir(), CHAIN_RPC_URL: chain.rpcUrl, DATABASE_URL: 'mysql://x@y/z' },
      /^DATABASE_URL must start with postgres:\/\//,
    );
    await expectStartupError(
      { DATA_DIR: tempDir(), CHAIN_RPC_URL: chain.rpcUrl, DATABASE_URL: 'not a url' },
      /^DATABASE_URL is not a valid URL/,
    );
  });

  it('a wrong CHAIN_ID, PORT or JWT_EXPIRES_IN', async () => {
    await expectStartupError(
      { DATA_DIR: tempDir(), CHAIN_RPC_URL: chain.rpcUrl, CHAIN_ID: '1' },
      /^CHAIN_ID is 1 but the chain at CHAIN_RPC_URL=.* answers chain id 31337\.$/,
    );
    await expectStartupError({ DATA_DIR: tempDir(), PORT: 'eighty' }, /^PORT must be a port number/);
    await expectStartupError(
      { DATA_DIR: tempDir(), JWT_EXPIRES_IN: 'forever' },
      /^JWT_EXPIRES_IN must read like/,
    );
  });
});

describe('NODE_ENV=production refuses missing or unsafe settings, one line each', () => {
  const safe = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mailer:pw@mail.example.com:587',
    PUBLIC_URL: 'https://tranche.example.com',
    JWT_SECRET: 'j'.repeat(32),
    MASTER_KEY: 'ab'.repeat(32),
  };
  it('names each problem', () => {
    expect(productionProblems(safe)).toEqual([]);
    expect(productionProblems({ ...safe, SMTP_URL: '', MAIL: 'disabled' })).toEqual([]);
    expect(productionProblems({ ...safe, PUBLIC_URL: 'http://10.0.0.5:3000', ALLOW_HTTP: '1' })).toEqual([]);
    const one = (change: Record<string, string>) => {
      const problems = productionProblems({ ...safe, ...change });
      expect(problems, JSON.stringify(change)).toHaveLength(1);
      return problems[0];
    };
    expect(one({ SMTP_URL: '' })).toMatch(/^Set SMTP_URL .* MAIL=disabled runs without any mail\.$/);
    expect(one({ PUBLIC_URL: '' })).toMatch(/^Set PUBLIC_URL to the https address/);
    expect(one({ PUBLIC_URL: 'http://tranche.example.com' })).toMatch(
      /^PUBLIC_URL=http:\/\/tranche\.example\.com is plain http: .* set ALLOW_HTTP=1/,
    );
    expect(one({ JWT_SECRET: '' })).toMatch(/^Set JWT_SECRET: use at least 32 random bytes/);
    expect(one({ JWT_SECRET: 'j'.repeat(31) })).toMatch(/^JWT_SECRET is shorter than 256 bits/);
    expect(one({ MASTER_KEY: '' })).toMatch(/^Set MASTER_KEY: 64 hexadecimal digits/);
    expect(one({ MASTER_KEY: 'ab'.repeat(16) })).toMatch(/^MASTER_KEY is not 256 bits/);
    expect(one({ LOCAL_ALLOW_REMOTE: '1' })).toMatch(/^Unset LOCAL_ALLOW_REMOTE: /);
    expect(one({ TRANCHE_WEBHOOK_ALLOW_PRIVATE: '1' })).toMatch(/^Unset TRANCHE_WEBHOOK_ALLOW_PRIVATE: /);
  });

  it('pnpm start prints every problem on its own line and exits 1; safe settings pass on to the next checks', async () => {
    const result = await startMain({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      MAIL: '',
      PUBLIC_URL: 'http://tranche.example.com',
      JWT_SECRET: 'short',
      LOCAL_ALLOW_REMOTE: '1',
      TRANCHE_WEBHOOK_ALLOW_PRIVATE: '1',
    }).exited;
    expect(result.code, JSON.stringify(result)).toBe(1);
    expect(result.stdout).not.toContain('Tranche is running');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(
      result.stderr
        .trim()
        .split('\n')
        .map((line) => line.split(/[ :=]/).slice(0, 2).join('')),
    ).toEqual([
      'SetSMTP_URL',
      'PUBLIC_URLhttp',
      'JWT_SECRETis',
      'SetMASTER_KEY',
      'UnsetLOCAL_ALLOW_REMOTE',
      'UnsetTRANCHE_WEBHOOK_ALLOW_PRIVATE',
    ]);
    await expectOneLineFailure(
      { ...safe, DATA_DIR: tempDir(), CHAIN_RPC_URL: 'http://127.0.0.1:9' },
      /^Cannot reach the chain at CHAIN_RPC_URL=http:\/\/127\.0\.0\.1:9: ECONNREFUSED$/,
    );
  });
});

describe('pnpm start with the embedded chain and PGlite', () => {
  it('starts, answers health, stops cleanly with the chain state dumped, and refuses a database whose contracts are gone', async () => {
    const dataDir = tempDir();
    const run = startMain({ DATA_DIR: dataDir, CONSOLE_DIR: path.join(dataDir, 'no-console') });
    const [, url] = await waitForLine(run, /^Tranche is running at (http:\/\/127\.0\.0\.1:\d+)$/m);
    const demo = await waitForLine(run, /^Demo login: (demo@tranche\.local) \/ (\S+)$/m);
    const health = await (await fetch(`${url}/api/health`)).json();
    expect(health).toEqual({
      statusCode: 200,
      data: {
        chainId: 31337,
        blockNumber: expect.any(Number),
        chainTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        database: 'pglite',
      },
    });
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginName: demo[1], password: demo[2] }),
    });
    expect(login.status).toBe(200);
    expect(await (await fetch(`${url}/`)).text()).toContain('The console is not built');
    // The embedded chain answers CORS for the console's origin only: a page elsewhere cannot call anvil_* methods.
    const { data: config } = (await (await fetch(`${url}/api/config`)).json()) as {
      data: { rpcUrl: string };
    };
    const allowedFor = async (origin: string) =>
      (
        await fetch(config.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        })
      ).headers.get('access-control-allow-origin');
    for (const foreign of ['https://evil.example', 'http://localhost:1234']) {
      const header = await allowedFor(foreign);
      expect(header, `for ${foreign}`).not.toBe('*');
      expect(header).not.toBe(foreign);
    }
    expect(await allowedFor(url as string)).toBe(url);
    run.child.kill('SIGTERM');
    const stopped = await run.exited;
    expect(stopped.code).toBe(0);
    expect(stopped.stderr).toBe('');
    expect(existsSync(path.join(dataDir, 'chain-state.json'))).toBe(true);

    // The database now knows a contract the chain does not have.
    const pglite = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      extensions: pgliteExtensions,
    });
    await pglite.query(
      `insert into deployed_contracts (chain_id, address, kind, name) values (31337, '0x${'12'.repeat(20)}', 'whitelist', 'Default whitelist')`,
    );
    await pglite.close();
    await expectOneLineFailure(
      { DATA_DIR: dataDir },
      new RegExp(
        `no code on the chain .*whitelist "Default whitelist" at 0x(12){20}.*Delete ${dataDir} to start afresh`,
      ),
    );
  }, 300_000);
});
