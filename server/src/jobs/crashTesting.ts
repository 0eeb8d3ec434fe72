import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '../..');
const crashServer = path.join(serverRoot, 'src/modules/drafts/crashServer.ts');

export type CrashServer = {
  url: string;
  /** A session of the harness's own test account. */
  token: string;
  child: ChildProcess;
  /** Resolves with the exit code when the process ends (86 at a crash point). */
  exited: Promise<number | null>;
};

/**
 * Starts the real server in its own process (crashServer.ts) on an on-disk PGlite in `dataDir` and the chain at
 * `rpcUrl`, with `env` added (e.g. TRANCHE_CRASH_AT to stop at a crash point). Every process started is killed by
 * {@link killCrashServers}.
 */
export async function startCrashServer(
  dataDir: string,
  rpcUrl: string,
  env: Record<string, string> = {},
): Promise<CrashServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', crashServer, dataDir, rpcUrl], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // The harness's JSON line (other output may come first).
      const found = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (found) resolve(found);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${err}`)));
  });
  const { url, token } = JSON.parse(line) as { url: string; token: string };
  return { url, token, child, exited };
}

const started: ChildProcess[] = [];

export function killCrashServers(): void {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** One row of the printed crash table (server/src/jobs/crash.test.ts). */
export type CrashRow = {
  flow: string;
  point: string;
  /** The flow's state after the restart. */
  outcome: string;
  /** What the chain holds (compared with what was expected). */
  chain: string;
  /** What still works afterwards (the key signs, the records match the chain, ...). */
  after: string;
};

export type CrashHarness = {
  /** The running server (throws before the first start). */
  readonly server: CrashServer;
  /** Stops the running server (one process per data dir) and starts one with `env` added. */
  start: (env?: Record<string, string>) => Promise<CrashServer>;
  /**
   * Runs `action` on a server that stops at `point` (checked: it exits there with code 86), then starts it again
   * without the hook on the same database and chain. Answers what `action` saw.
   */
  crashAt: (point: string, action: () => Promise<unknown>) => Promise<string>;
};

/** A server process on `dataDir` and `rpcUrl`, with `baseEnv` on every start, stopped and restarted at will. */
export function crashHarness(
  dataDir: string,
  rpcUrl: string,
  baseEnv: Record<string, string> = {},
): CrashHarness {
  let current: CrashServer | undefined;
  const start = async (env: Record<string, string> = {}) => {
    if (current && current.child.exitCode === null && current.child.signalCode === null) {
      current.child.kill('SIGTERM');
      await current.exited;
    }
    current = await startCrashServer(dataDir, rpcUrl, { ...baseEnv, ...env });
    return current;
  };
  return {
    get server() {
      if (!current) throw new Error('no server started');
      return current;
    },
    start,
    crashAt: async (point, action) => {
      const dying = await start({ TRANCHE_CRASH_AT: point });
      const outcome = await action().then(
        () => 'answered',
        (error: unknown) =>
          error instanceof Error && 'statusCode' in error ? `refused: ${error.message}` : 'no answer',
      );
      // The action's answer (or its lost connection) comes first; the process must be gone within a minute.
      const code = await Promise.race([
        dying.exited,
        new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 60_000).unref()),
      ]);
      if (code !== 86) throw new Error(`the server did not stop at ${point} (exit ${code}, ${outcome})`);
      await start();
      return outcome;
    },
  };
}
