import type { ExplorerTemplates } from '@tranche/api';
import type { ReadCaches } from './cache/readCaches.ts';
import type { ChainService } from './chain/chainService.ts';
import type { Database, DatabaseKind } from './db/database.ts';
import type { HashingLimits } from './crypto/hashing.ts';
import type { SessionService } from './http/sessions.ts';
import type { ThrottleSettings } from './http/throttle.ts';
import type { Mailer } from './mail/mailer.ts';

/** argon2id cost; the defaults follow OWASP's minimum (19 MiB, 2 passes, 1 lane). */
export type PasswordHashingOptions = { memoryCost: number; timeCost: number; parallelism: number };
export const defaultPasswordHashing: PasswordHashingOptions = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** What every domain module gets: the shared services. */
export type AppContext = {
  db: Database;
  databaseKind: DatabaseKind;
  chain: ChainService;
  mailer: Mailer;
  sessions: SessionService;
  /** 32-byte key for AES-256-GCM encryption of secrets at rest (crypto/aesGcm.ts). */
  masterKey: Buffer;
  explorer: ExplorerTemplates;
  /** Origin the console is reached at, for links in mail (PUBLIC_URL, else the listening URL). */
  publicUrl: () => string;
  passwordHashing: PasswordHashingOptions;
  /** In-memory lookups shared by every request (cache/readCaches.ts). */
  caches: ReadCaches;
  /** Throttles and the password hashing limit (defaults: http/throttle.ts, crypto/hashing.ts). */
  limits?: { throttles?: ThrottleSettings; hashing?: HashingLimits };
  /** Set when a graceful shutdown starts: running jobs may finish until `drainUntil` (epoch ms), then are interrupted. */
  shutdown?: { drainUntil: number };
};
