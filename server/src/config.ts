import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExplorerTemplates } from '@tranche/api';
import { defaultHashingLimits, type HashingLimits } from './crypto/hashing.ts';
import { StartupError } from './errors.ts';
import { defaultJwtExpiresIn, isValidExpiresIn } from './http/sessions.ts';
import { defaultThrottles, type ThrottleKind, type ThrottleSettings } from './http/throttle.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Everything the server reads from the environment (see server/README.md). */
export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  chainRpcUrl?: string;
  chainId?: number;
  chainPort: number;
  smtpUrl?: string;
  /** MAIL=disabled: no mail at all (outside local mode the server otherwise refuses to start without SMTP_URL). */
  mailDisabled: boolean;
  mailFrom?: string;
  jwtSecret?: string;
  jwtExpiresIn: string;
  masterKey?: string;
  consoleDir: string;
  explorer: Partial<ExplorerTemplates>;
  publicUrl?: string;
  logLevel: string;
  /** Seconds between dumps of the embedded chain's state. */
  chainStateIntervalSeconds: number;
  /** Base fee per gas of the embedded chain's first block, in wei (CHAIN_BASE_FEE_GWEI, default 0). */
  chainBaseFeeWei: bigint;
  /** Ceiling of the max fee per gas of server-signed transactions, in gwei (MAX_FEE_GWEI, default 500). */
  maxFeeGwei: number;
  /** Host names answered besides PUBLIC_URL's and HOST's (ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** Local mode may listen on a non-loopback HOST (LOCAL_ALLOW_REMOTE=1). */
  localAllowRemote: boolean;
  /**
   * The load balancers whose X-Forwarded-For is believed (TRUST_PROXY: addresses, CIDRs, or `loopback`,
   * `linklocal`, `uniquelocal`); empty: the TCP peer is the client.
   */
  trustProxy: string[];
  throttles: ThrottleSettings;
  hashing: HashingLimits;
  /** METRICS_TOKEN: the bearer token Prometheus scrapes `GET /metrics` with; unset, the route is off (404). */
  metricsToken?: string;
  /** Seconds a graceful stop (SIGTERM, SIGINT) waits for in-flight requests and running jobs (SHUTDOWN_GRACE_S). */
  shutdownGraceSeconds: number;
};

function count(env: NodeJS.ProcessEnv, name: string, fallback: number, minimum = 1): number {
  const text = nonEmpty(env[name]);
  if (text === undefined) return fallback;
  const number = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(number) || number < minimum) {
    throw new StartupError(`${name} must be a whole number, at least ${minimum}, got "${text}".`);
  }
  return number;
}

/** The LIMIT_* and HASH_* variables (README's configuration table). */
function limits(env: NodeJS.ProcessEnv): { throttles: ThrottleSettings; hashing: HashingLimits } {
  const d = defaultThrottles;
  const perAddress = (kind: ThrottleKind, name: string) => count(env, name, d.perAddress[kind]);
  return {
    throttles: {
      perAddress: {
        login: perAddress('login', 'LIMIT_LOGIN_PER_ADDRESS'),
        signUp: perAddress('signUp', 'LIMIT_SIGNUP_PER_ADDRESS'),
        confirm: perAddress('confirm', 'LIMIT_CONFIRM_PER_ADDRESS'),
        forgotPassword: perAddress('forgotPassword', 'LIMIT_FORGOT_PER_ADDRESS'),
        resetPassword: perAddress('resetPassword', 'LIMIT_RESET_PER_ADDRESS'),
        secret: perAddress('secret', 'LIMIT_SECRET_PER_ADDRESS'),
      },
      perAccount: count(env, 'LIMIT_PER_ACCOUNT', d.perAccount),
      secretPerAccount: count(env, 'LIMIT_SECRET_PER_ACCOUNT', d.secretPerAccount),
      delayMs: count(env, 'LIMIT_DELAY_SECONDS', d.delayMs / 1000) * 1000,
      maxDelayMs: count(env, 'LIMIT_MAX_DELAY_SECONDS', d.maxDelayMs / 1000) * 1000,
      accountFailures: count(env, 'LIMIT_ACCOUNT_FAILURES', d.accountFailures),
      accountMaxDelayMs: count(env, 'LIMIT_ACCOUNT_MAX_DELAY_SECONDS', d.accountMaxDelayMs / 1000) * 1000,
      accountPerHour: count(env, 'LIMIT_ACCOUNT_PER_HOUR', d.accountPerHour),
    },
    hashing: {
      concurrency: count(env, 'HASH_CONCURRENCY', defaultHashingLimits.concurrency),
      queue: count(env, 'HASH_QUEUE', defaultHashingLimits.queue, 0),
    },
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** MAIL: unset (mail on) or `disabled`. */
function mailSetting(value: string | undefined): boolean {
  const text = nonEmpty(value);
  if (text === undefined) return false;
  if (text !== 'disabled')
    throw new StartupError(`MAIL can only be "disabled" (no mail at all), got "${text}".`);
  return true;
}

const proxyRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: comma-separated addresses or CIDRs of the load balancers (Fastify's `trustProxy`). */
function trustedProxies(value: string | undefined): string[] {
  const entries = (nonEmpty(value) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = net.isIP(address);
    const validBits =
      bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!proxyRanges.has(entry) && (family === 0 || !validBits || extra !== undefined)) {
      throw new StartupError(
        `TRUST_PROXY must list load balancer addresses or CIDRs separated by commas (e.g. 10.0.0.5,10.1.0.0/16), got "${entry}".`,
      );
    }
  }
  return entries;
}

function port(name: string, value: string | undefined, fallback: number): number {
  const text = nonEmpty(value);
  if (text === undefined) return fallback;
  const number = Number(text);
  if (!/^\d+$/.test(text) || number > 65535) {
    throw new StartupError(
      `${name} must be a port number from 0 to 65535 (0 picks a free port), got "${text}".`,
    );
  }
  return number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const chainIdText = nonEmpty(env.CHAIN_ID);
  if (chainIdText !== undefined && !/^\d+$/.test(chainIdText)) {
    throw new StartupError(`CHAIN_ID must be a whole number, got "${chainIdText}".`);
  }
  const jwtExpiresIn = nonEmpty(env.JWT_EXPIRES_IN) ?? defaultJwtExpiresIn;
  if (!isValidExpiresIn(jwtExpiresIn)) {
    throw new StartupError(`JWT_EXPIRES_IN must read like 12h, 30m or 7d, got "${jwtExpiresIn}".`);
  }
  const stateInterval = Number(nonEmpty(env.CHAIN_STATE_INTERVAL) ?? '2');
  if (!Number.isInteger(stateInterval) || stateInterval < 1) {
    throw new StartupError('CHAIN_STATE_INTERVAL must be a whole number of seconds, at least 1.');
  }
  const maxFeeGwei = Number(nonEmpty(env.MAX_FEE_GWEI) ?? '500');
  if (!Number.isFinite(maxFeeGwei) || maxFeeGwei <= 0) {
    throw new StartupError(`MAX_FEE_GWEI must be a positive number of gwei, got "${env.MAX_FEE_GWEI}".`);
  }
  const baseFeeText = nonEmpty(env.CHAIN_BASE_FEE_GWEI) ?? '0';
  if (!/^\d{1,6}$/.test(baseFeeText)) {
    throw new StartupError(
      `CHAIN_BASE_FEE_GWEI must be a whole number of gwei, got "${env.CHAIN_BASE_FEE_GWEI}".`,
    );
  }
  return {
    port: port('PORT', env.PORT, 3000),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: path.resolve(repoRoot, nonEmpty(env.DATA_DIR) ?? '.data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    chainRpcUrl: nonEmpty(env.CHAIN_RPC_URL),
    chainId: chainIdText === undefined ? undefined : Number(chainIdText),
    chainPort: port('CHAIN_PORT', env.CHAIN_PORT, 8545),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailDisabled: mailSetting(env.MAIL),
    mailFrom: nonEmpty(env.MAIL_FROM),
    jwtSecret: nonEmpty(env.JWT_SECRET),
    jwtExpiresIn,
    masterKey: nonEmpty(env.MASTER_KEY),
    consoleDir: path.resolve(repoRoot, nonEmpty(env.CONSOLE_DIR) ?? 'console/dist'),
    explorer: {
      tx: nonEmpty(env.EXPLORER_TX_URL),
      address: nonEmpty(env.EXPLORER_ADDRESS_URL),
      block: nonEmpty(env.EXPLORER_BLOCK_URL),
    },
    publicUrl: nonEmpty(env.PUBLIC_URL),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'warn',
    chainStateIntervalSeconds: stateInterval,
    chainBaseFeeWei: BigInt(baseFeeText) * 1_000_000_000n,
    maxFeeGwei,
    allowedHosts: (nonEmpty(env.ALLOWED_HOSTS) ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    localAllowRemote: nonEmpty(env.LOCAL_ALLOW_REMOTE) === '1',
    trustProxy: trustedProxies(env.TRUST_PROXY),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    shutdownGraceSeconds: count(env, 'SHUTDOWN_GRACE_S', 10, 0),
    ...limits(env),
  };
}

/** METRICS_TOKEN: at least 32 characters of a bearer token (`openssl rand -hex 32` makes one). */
function metricsToken(value: string | undefined): string | undefined {
  const token = nonEmpty(value);
  if (token !== undefined && !/^[A-Za-z0-9._~+/=-]{32,}$/.test(token)) {
    throw new StartupError(
      'METRICS_TOKEN must be at least 32 characters of letters, digits and ._~+/=- (e.g. the output of `openssl rand -hex 32`).',
    );
  }
  return token;
}

const knownExplorers: Record<number, string> = {
  1: 'https://etherscan.io',
  11155111: 'https://sepolia.etherscan.io',
  17000: 'https://holesky.etherscan.io',
};

/** Explorer templates: from the environment, else a known public explorer of the chain, else the local pages. */
export function explorerTemplates(
  configured: Partial<ExplorerTemplates>,
  chainId: number,
  local: boolean,
): ExplorerTemplates {
  const base = local ? undefined : knownExplorers[chainId];
  return {
    tx: configured.tx ?? (base ? `${base}/tx/{hash}` : '/local/tx/{hash}'),
    address: configured.address ?? (base ? `${base}/address/{address}` : '/local/address/{address}'),
    block: configured.block ?? (base ? `${base}/block/{block}` : '/local/block/{block}'),
  };
}
