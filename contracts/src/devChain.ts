import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The mnemonic Anvil derives its funded development accounts from (public knowledge: never use on a real network). */
export const devMnemonic = 'test test test test test test test test test test test junk';
export const devChainId = 31337;

/** Private keys of the first ten accounts Anvil funds from {@link devMnemonic}. */
export const devAccountKeys = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const;

export type DevChainOptions = {
  /** TCP port; 0 picks a free one. */
  port?: number;
  host?: string;
  /** File the chain state is loaded from at start and dumped to periodically and on exit. */
  stateFile?: string;
  /** Seconds between periodic state dumps (only with stateFile). */
  stateIntervalSeconds?: number;
  /** Milliseconds to wait for the node to listen. */
  startTimeoutMs?: number;
  /**
   * Reject transactions whose gas limit exceeds 16,777,216 (EIP-7825), as Osaka networks do. Anvil does not
   * enforce the cap unless asked; the contract tests turn it on to prove batch sizes. Default false.
   */
  enforceTxGasCap?: boolean;
  /** Base fee per gas in wei (default 0; a real chain's, e.g. 30 gwei, to test EIP-1559 fees). */
  baseFeePerGas?: bigint;
  /** Record every opcode step, so debug_traceTransaction answers struct logs (benches break gas down). Default false. */
  stepsTracing?: boolean;
  /**
   * The one web origin whose pages may call the chain (Anvil's --allow-origin; its default, '*', lets any page the
   * developer opens call anvil_setStorageAt). The product's server gives its console's origin.
   */
  allowOrigin?: string;
};

export type DevChain = {
  rpcUrl: string;
  port: number;
  chainId: number;
  stop: () => Promise<void>;
};

function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  const anvilDir = path.dirname(require.resolve('@foundry-rs/anvil/package.json'));
  const anvilRequire = createRequire(path.join(anvilDir, 'package.json'));
  return path.join(path.dirname(anvilRequire.resolve(`${platformPackage}/package.json`)), 'bin', 'anvil');
}

/**
 * Starts Anvil, the embedded EVM development chain, and resolves once it accepts JSON-RPC.
 * Base fee is 0 so the console's fixed 1 gwei gas price is always enough.
 */
export async function startDevChain(options: DevChainOptions = {}): Promise<DevChain> {
  const host = options.host ?? '127.0.0.1';
  const args = [
    '--host',
    host,
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(devChainId),
    '--mnemonic',
    devMnemonic,
    '--block-base-fee-per-gas',
    String(options.baseFeePerGas ?? 0n),
    '--color',
    'never',
  ];
  if (options.enforceTxGasCap) args.push('--enable-tx-gas-limit');
  if (options.stepsTracing) args.push('--steps-tracing');
  if (options.allowOrigin) args.push('--allow-origin', options.allowOrigin);
  if (options.stateFile) {
    args.push('--state', options.stateFile, '--state-interval', String(options.stateIntervalSeconds ?? 5));
  }
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await waitForListening(child, options.startTimeoutMs ?? 20_000);
  let stopped: Promise<void> | undefined;
  return {
    rpcUrl: `http://${host}:${port}`,
    port,
    chainId: devChainId,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(killTimer);
          resolve();
        });
        child.kill('SIGINT');
      });
      return stopped;
    },
  };
}

function waitForListening(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The embedded chain did not start within ${timeoutMs} ms: ${lastLine(output)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on [^\s:]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`The embedded chain could not be started: ${error.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The embedded chain exited (code ${code}) before listening: ${lastLine(output)}`));
    });
  });
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return lines[lines.length - 1] ?? '';
}
