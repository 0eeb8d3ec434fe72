import net from 'node:net';
import path from 'node:path';
import { type DevChain, startDevChain } from '@tranche/contracts';
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { buildApp } from './app.ts';
import { startControlSocket } from './backup/control.ts';
import { liveContents } from './backup/snapshot.ts';
import { type ChainService, createChainService, probeChain } from './chain/chainService.ts';
import { checkKnownContracts } from './chain/contractCheck.ts';
import { explorerTemplates, type ServerConfig } from './config.ts';
import { defaultPasswordHashing, type PasswordHashingOptions } from './context.ts';
import { checkMasterKey } from './crypto/rotation.ts';
import { resolveJwtSecret, resolveMasterKey } from './crypto/secrets.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { oneLine, StartupError } from './errors.ts';
import { makeDataDirPrivate } from './dataDir.ts';
import { allowedHostnames, isLoopback } from './http/security.ts';
import { createSessionService } from './http/sessions.ts';
import { loggerOptions } from './logging.ts';
import { createDisabledMailer, createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.ts';
import { type DemoAccount, seedDemoAccount } from './seed.ts';
import { createReadCaches } from './cache/readCaches.ts';

export type RunningServer = {
  /** `http://HOST:PORT` with the port actually bound. */
  url: string;
  app: FastifyInstance;
  chain: ChainService;
  database: DatabaseHandle;
  /** The demo login in local mode (undefined when not local, or its password file was deleted). */
  demo?: DemoAccount;
  mailer: Mailer;
  /**
   * Stops the HTTP server, the database and the embedded chain (which dumps its state). With `graceMs` (a graceful
   * stop, SHUTDOWN_GRACE_S): no new connection or request is accepted, in-flight requests and running jobs may finish
   * until then; after it the connections left are closed and the jobs left interrupted (they resume at the next start).
   * Answers whether everything finished within the grace.
   */
  close: (graceMs?: number) => Promise<boolean>;
};

/**
 * Starts everything `pnpm start` runs: the embedded dev chain (unless CHAIN_RPC_URL), the database and its
 * migrations, the contract check, the local demo seed, and the HTTP server. User-fixable problems throw
 * {@link StartupError} with a one-line message; whatever was started is stopped again.
 */
export async function startServer(
  config: ServerConfig,
  options: { passwordHashing?: PasswordHashingOptions } = {},
): Promise<RunningServer> {
  const cleanup: (() => Promise<void> | void)[] = [];
  const runCleanup = async () => {
    for (const step of cleanup.reverse()) await Promise.resolve(step()).catch(() => undefined);
  };
  try {
    const local = config.chainRpcUrl === undefined;
    if (local && !isLoopback(config.host) && !config.localAllowRemote) {
      throw new StartupError(
        `HOST=${config.host} is not a loopback address: local mode (embedded chain with funded dev keys, mail outbox) listens on loopback only. Use HOST=127.0.0.1, or set LOCAL_ALLOW_REMOTE=1 to allow other machines.`,
      );
    }
    if (!local && config.smtpUrl === undefined && !config.mailDisabled) {
      throw new StartupError(
        'Set SMTP_URL: outside local mode (CHAIN_RPC_URL is set) sign-up codes, password resets and PDF passwords go by mail, and there is no local outbox to read them from. MAIL=disabled runs without any mail.',
      );
    }
    // Fail fast on a taken port, before the slower chain and database start.
    // The console's port is known before the embedded chain starts (it answers only the console's origin).
    const port = config.port !== 0 ? config.port : await freePort(config.host);
    await ensurePortFree(config.host, port);
    makeDataDirPrivate(config.dataDir);

    let devChain: DevChain | undefined;
    let rpcUrl: string;
    let chainId: number;
    if (config.chainRpcUrl) {
      rpcUrl = config.chainRpcUrl;
      chainId = await probeChain(rpcUrl);
      if (config.chainId !== undefined && config.chainId !== chainId) {
        throw new StartupError(
          `CHAIN_ID is ${config.chainId} but the chain at CHAIN_RPC_URL=${rpcUrl} answers chain id ${chainId}.`,
        );
      }
    } else {
      try {
        devChain = await startDevChain({
          port: config.chainPort,
          stateFile: path.join(config.dataDir, 'chain-state.json'),
          stateIntervalSeconds: config.chainStateIntervalSeconds,
          baseFeePerGas: config.chainBaseFeeWei,
          allowOrigin: consoleOrigin(config, port),
        });
      } catch (error) {
        const message = oneLine((error as Error).message);
        if (/in use|AddrInUse|address already/i.test(message)) {
          throw new StartupError(
            `The embedded chain cannot listen on 127.0.0.1:${config.chainPort}: the port is in use. Set CHAIN_PORT to a free port (0 picks one) or CHAIN_RPC_URL to use a running chain.`,
          );
        }
        throw new StartupError(message);
      }
      const started = devChain;
      cleanup.push(() => started.stop());
      rpcUrl = devChain.rpcUrl;
      chainId = devChain.chainId;
    }
    const chain = createChainService({ rpcUrl, chainId, local, maxFeeGwei: config.maxFeeGwei });
    cleanup.push(() => chain.close());

    const database = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
    );
    cleanup.push(() => database.close());
    makeDataDirPrivate(config.dataDir);

    const remedy = local
      ? config.databaseUrl
        ? 'Point DATABASE_URL at a fresh database, or restore the chain state file in DATA_DIR.'
        : `Delete ${config.dataDir} to start afresh (all local data is lost), or restore its chain-state.json.`
      : 'Set CHAIN_RPC_URL to the chain this database was made with, or DATABASE_URL to a database for this chain.';
    await checkKnownContracts(database.db, chain, remedy);

    const passwordHashing = options.passwordHashing ?? defaultPasswordHashing;
    const masterKey = resolveMasterKey(config.masterKey, config.dataDir);
    await checkMasterKey(database.db, masterKey);
    const mailer = config.mailDisabled
      ? createDisabledMailer()
      : config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom)
        : createOutboxMailer({ db: database.db, masterKey });
    cleanup.push(() => mailer.close());
    const demo = local ? await seedDemoAccount(database.db, config.dataDir, passwordHashing) : undefined;

    let url = '';
    const shutdown = { drainUntil: 0 };
    const app = await buildApp({
      shutdown,
      db: database.db,
      databaseKind: database.kind,
      chain,
      mailer,
      sessions: createSessionService(resolveJwtSecret(config.jwtSecret, config.dataDir), config.jwtExpiresIn),
      masterKey,
      explorer: explorerTemplates(config.explorer, chainId, local),
      publicUrl: () => config.publicUrl ?? url.replace('://0.0.0.0:', '://localhost:'),
      passwordHashing,
      caches: createReadCaches(),
      limits: { throttles: config.throttles, hashing: config.hashing },
      allowedHosts: allowedHostnames({
        host: config.host,
        publicUrl: config.publicUrl,
        extra: config.allowedHosts,
      }),
      consoleDir: config.consoleDir,
      trustProxy: config.trustProxy,
      metricsToken: config.metricsToken,
      logger: loggerOptions(config.logLevel),
    });
    cleanup.push(() => app.close());
    try {
      await app.listen({ port, host: config.host });
    } catch (error) {
      throw listenError(error, config.host, port);
    }
    if (database.kind === 'pglite') {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const closeSocket = await startControlSocket(config.dataDir, () =>
        liveContents({ client, dataDir: config.dataDir, chainRpcUrl: devChain?.rpcUrl }),
      );
      if (closeSocket) cleanup.push(closeSocket);
    }
    const address = app.server.address();
    const boundPort = typeof address === 'object' && address ? address.port : port;
    url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${boundPort}`;

    let closing: Promise<boolean> | undefined;
    return {
      url,
      app,
      chain,
      database,
      demo,
      mailer,
      close: (graceMs = 0) => {
        closing ??= (async () => {
          shutdown.drainUntil = Date.now() + graceMs;
          let overdue = false;
          const timer = setTimeout(() => {
            overdue = true;
            app.server.closeAllConnections();
          }, graceMs);
          try {
            await runCleanup();
          } finally {
            clearTimeout(timer);
          }
          return !overdue;
        })();
        return closing;
      },
    };
  } catch (error) {
    await runCleanup();
    throw error;
  }
}

function listenError(error: unknown, host: string, port: number): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `Port ${port} on ${host} is in use. Stop the other program or set PORT to a free port (0 picks one).`,
    );
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new StartupError(`HOST=${host} is not an address of this machine.`);
  }
  if (code === 'EACCES')
    return new StartupError(`Not allowed to listen on port ${port}: choose a PORT above 1023.`);
  return error as Error;
}

/** A port free on `host` now (PORT=0), for the console's origin to be known before the chain starts. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => reject(listenError(error, host, 0)));
    probe.listen({ port: 0, host, exclusive: true }, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The web origin the console is opened at (PUBLIC_URL's, or the URL printed at start, localhost for an unspecified
 * HOST as in publicUrl): the only origin the embedded chain answers with a CORS header.
 */
export function consoleOrigin(config: Pick<ServerConfig, 'publicUrl' | 'host'>, port: number): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function ensurePortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => reject(listenError(error, host, port)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
