import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DevChain, devChainId } from '@tranche/contracts';
import { freePort } from '../cluster/cluster.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The `hardhat` command of the server's pinned devDependency (server/package.json). */
function hardhatCli(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('hardhat/package.json');
  const { bin } = require(manifest) as { bin: Record<string, string> };
  return path.join(path.dirname(manifest), bin.hardhat as string);
}

/**
 * Starts Hardhat's node (EDR) on a free port with this folder's config (chain id 31337, the same mnemonic as Anvil,
 * automining) and resolves once it accepts JSON-RPC: the second node implementation the server is tested on.
 */
export async function startHardhatNode(timeoutMs = 120_000): Promise<DevChain> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      hardhatCli(),
      '--config',
      path.join(here, 'hardhat.config.ts'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    {
      cwd: here,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Hardhat's node did not start within ${timeoutMs} ms: ${output.slice(-500)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Started HTTP and WebSocket JSON-RPC server/.test(output)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`Hardhat's node exited before it listened: ${output.slice(-500)}`));
    });
  });
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    port,
    chainId: devChainId,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
