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
