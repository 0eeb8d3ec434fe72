/**
 * `pnpm start:cluster`: N server instances on one PostgreSQL (DATABASE_URL, required) and one chain
 * (CHAIN_RPC_URL, else one embedded Anvil started here), behind a small round-robin proxy on PORT (3000), for
 * trying several instances on one machine. CLUSTER_SIZE (3) instances listen on PORT + 1 ... PORT + N.
 * JWT_SECRET and MASTER_KEY are shared (generated into DATA_DIR/cluster when unset). The proxy sets X-Forwarded-For
 * to its peer's address and the instances trust it (TRUST_PROXY=loopback), so throttles count each client.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DevChain, startDevChain } from '@tranche/contracts';
import { createClusterProxy } from './clusterProxy.ts';
import { loadConfig } from './config.ts';
import { resolveJwtSecret, resolveMasterKey } from './crypto/secrets.ts';
import { consoleOrigin } from './server.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = loadConfig();
if (!config.databaseUrl) {
  process.stderr.write('start:cluster needs DATABASE_URL (PostgreSQL): PGlite is one instance.\n');
  process.exit(1);
}
if (!config.smtpUrl && !config.mailDisabled) {
  // The instances run in network mode (CHAIN_RPC_URL), which has no local outbox.
  process.stderr.write('start:cluster needs SMTP_URL for mail (or MAIL=disabled to run without any).\n');
  process.exit(1);
}
const size = Math.max(1, Number(process.env.CLUSTER_SIZE ?? '3'));
const dir = path.join(config.dataDir, 'cluster');
mkdirSync(dir, { recursive: true, mode: 0o700 });
const jwtSecret = process.env.JWT_SECRET ?? Buffer.from(resolveJwtSecret(undefined, dir)).toString();
const masterKey = process.env.MASTER_KEY ?? resolveMasterKey(undefined, dir).toString('hex');

let devChain: DevChain | undefined;
let rpcUrl = config.chainRpcUrl;
if (!rpcUrl) {
  devChain = await startDevChain({
    port: config.chainPort,
    stateFile: path.join(dir, 'chain-state.json'),
    allowOrigin: consoleOrigin(config, config.port),
  });
  rpcUrl = devChain.rpcUrl;
}

const children: { port: number; child: ChildProcess }[] = [];
for (let i = 1; i <= size; i++) {
  const port = config.port + i;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(dir, `instance-${i}`),
      CHAIN_RPC_URL: rpcUrl,
      // The proxy below connects from loopback and names the client in X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      JWT_SECRET: jwtSecret,
      MASTER_KEY: masterKey,
    },
  });
  children.push({ port, child });
}

const proxy = createClusterProxy(() =>
  children.filter((c) => c.child.exitCode === null && c.child.signalCode === null).map((c) => c.port),
);
proxy.listen(config.port, config.host, () => {
  process.stdout.write(
    `Tranche cluster: ${size} instances on ports ${config.port + 1}-${config.port + size}, round-robin proxy at http://${config.host}:${config.port}\n`,
  );
});

const stop = () => {
  proxy.close();
  for (const { child } of children) child.kill('SIGTERM');
  void devChain?.stop().finally(() => process.exit(0));
  if (!devChain) setTimeout(() => process.exit(0), 500).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
