/**
 * Test helper: the whole product (`pnpm start`'s server/src/main.ts) in a process of its own on a DATA_DIR, with the
 * embedded chain and PGlite, free ports, and the operator commands (backup, restore, rotation) run as their own
 * processes, the way an operator runs them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { type ApiClient, createApiClient, type ShardedKeyResult } from '@tranche/api';
import { repoRoot } from '../config.ts';
import { accessCodeInPdf } from '../modules/sharding/testing.ts';

export type Product = {
  url: string;
  rpcUrl: string;
  demoPassword: string;
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<number | string | null>;
  /** SIGTERM, then waits for the exit. */
  stop: () => Promise<number | string | null>;
};

const started: ChildProcess[] = [];

/**
 * Stops every product and command process a test started and left running: SIGTERM first (a product then stops its
 * embedded chain, which a SIGKILL would leave running), SIGKILL after 20 s.
 */
export async function killProducts(): Promise<void> {
  const alive = started.filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    alive.map(
      (child) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

function baseEnv(dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: dataDir,
    PORT: '0',
    CHAIN_PORT: '0',
    CONSOLE_DIR: path.join(dataDir, 'no-console'),
    CHAIN_STATE_INTERVAL: '1',
    ...env,
  };
}

/** Runs a TypeScript file of the repository (through tsx) in a process of its own, its output collected. */
function spawnTracked(file: string, args: string[], dataDir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: repoRoot,
    env: baseEnv(dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk) => {
    output.stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output.stderr += chunk;
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, output, exited };
}

export async function startProduct(dataDir: string, env: Record<string, string> = {}): Promise<Product> {
  const { child, output, exited } = spawnTracked('server/src/main.ts', [], dataDir, env);
  // A start takes about 40 s here, minutes on a machine many test processes share.
  const deadline = Date.now() + 300_000;
  for (;;) {
    const running = /^Tranche is running at (\S+)$/m.exec(output.stdout);
    const demo = /^Demo login: \S+ \/ (\S+)$/m.exec(output.stdout);
    const chain = /^Embedded chain: (\S+) /m.exec(output.stdout);
    if (running?.[1] && demo?.[1] && chain?.[1]) {
      return {
        url: running[1],
        rpcUrl: chain[1],
        demoPassword: demo[1],
        child,
        output: () => ({ ...output }),
        exited,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      };
    }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the product did not start: ${JSON.stringify(output)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type CommandResult = { code: number | null; stdout: string; stderr: string };

/** Runs an operator command's file (e.g. server/src/backup/cli.ts backup FILE) with DATA_DIR and `env`. */
export function runCommand(
  file: string,
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
): Promise<CommandResult> {
  const { output, exited } = spawnTracked(file, args, dataDir, env);
  return exited.then((code) => ({ code: typeof code === 'number' ? code : null, ...output }));
}

/** A client with a session of `loginName` (logged in through the API, as the console does). */
export async function loggedIn(url: string, loginName: string, password: string): Promise<ApiClient> {
  const { jwt } = await createApiClient({ baseUrl: url }).call('login', { body: { loginName, password } });
  return createApiClient({ baseUrl: url, getToken: () => jwt });
}

/** Signs up and confirms an account through the API and the local outbox's sign-up page; answers its session. */
export async function signedUp(url: string, emailAddress: string, password: string): Promise<ApiClient> {
  const anon = createApiClient({ baseUrl: url });
  await anon.call('createAccount', {
    body: { loginName: emailAddress, emailAddress, password, profileName: emailAddress.split('@')[0] ?? 'x' },
  });
  let code: string | undefined;
  for (let i = 0; i < 200 && !code; i += 1) {
    const mails = await anon.call('localSignUpMail', { query: { emailAddress } });
    code = /confirmation code is: (\S+)/.exec(mails[0]?.text ?? '')?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error(`no confirmation code mailed to ${emailAddress}`);
  await anon.call('confirmAccount', { body: { confirmationCode: code } });
  return loggedIn(url, emailAddress, password);
}

/**
 * A sharded key of `recipients` (all of them needed), created and committed by `creator` (whose session reads every
 * mail in the local outbox from loopback); answers its address and each signer's access code (by email).
 */
export async function committedShardedKey(
  creator: ApiClient,
  recipients: string[],
): Promise<{ key: string; codes: Map<string, string> }> {
  const created = (await creator.call('createShardedKey', {
    body: { recipients, minimum: recipients.length, keyName: 'operations key' },
  })) as ShardedKeyResult;
  const key = created.publicAddress;
  const mails = await creator.call('localOutbox');
  const codes = new Map<string, string>();
  for (const share of created.shares) {
    const password = mails
      .filter((mail) => mail.to === share.emailAddress)
      .map((mail) => /opens with this password: (\S+)/.exec(mail.text)?.[1])
      .find(Boolean) as string;
    codes.set(share.emailAddress, await accessCodeInPdf(share.pdf, password));
    await creator.call('shardOpened', {
      body: { publicKey: key, emailAddress: share.emailAddress, pdfPassword: password },
    });
  }
  await creator.call('commitShardedKey', {
    body: { publicKey: key, accessCode: codes.get(recipients[0] as string) as string },
  });
  return { key, codes };
}
