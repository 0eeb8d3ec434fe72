import type { AccountRow } from '../modules/accounts/repository.ts';
import type { ProjectRow } from '../modules/projects/repository.ts';
import { projectStatus } from '../modules/projects/schema.ts';
import { createRevokedSessions, type RevokedSessions } from '../http/revocations.ts';
import { type Cache, createCache } from './cache.ts';

/** What a session check needs of its account (no password hash). */
export type SessionAccount = Pick<
  AccountRow,
  'id' | 'loginName' | 'emailAddress' | 'profileName' | 'confirmedOn' | 'sessionVersion'
>;

/**
 * How long an account read for a session check is reused. A password reset drops the entry on the instance
 * that made it at once; other instances behind the same database honour it within this time.
 */
export const sessionAccountTtlMs = 2000;

/**
 * Lookups every authenticated read repeats, kept in memory so that a read costs one database round trip:
 * the account behind the session, and deployed tokens by symbol (a deployed token's row never changes: drafts
 * are edited and deleted, deployed tokens are not; its live state is read from the chain).
 */
export type ReadCaches = {
  accounts: Cache<number, SessionAccount>;
  /** Keyed by the lower-cased symbol; only deployed tokens are kept. */
  deployedTokens: Cache<string, ProjectRow>;
  /** Sessions ended by logout (http/revocations.ts): checked after a token verifies, cached or not. */
  revokedSessions: RevokedSessions;
};

export function createReadCaches(): ReadCaches {
  return {
    accounts: createCache({ ttlMs: sessionAccountTtlMs, maxEntries: 10_000 }),
    deployedTokens: createCache({
      ttlMs: 10 * 60_000,
      maxEntries: 10_000,
      // Version 2 tokens are not kept: their owner, whitelist and scheme may be replaced (the indexer writes them).
      keep: (row) =>
        row.status === projectStatus.deployed && row.contractAddress !== null && row.tokenVersion !== 2,
    }),
    revokedSessions: createRevokedSessions(),
  };
}
