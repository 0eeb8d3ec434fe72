/** The indexer's settings and how they are read from the environment. */

export type IndexerOptions = {
  /** Blocks to stay behind the head (0 on the embedded chain). */
  confirmations: number;
  /** Largest block range of one eth_getLogs call (halved while the node refuses a range). */
  blockRange: number;
  /** Milliseconds between polls once caught up. */
  pollIntervalMs: number;
  /** Contract addresses per eth_getLogs call. */
  addressesPerCall: number;
  /** Backoff after an RPC or database error: first and longest delay. */
  retryInitialMs: number;
  retryMaxMs: number;
  /** Blocks below the head whose hashes are kept to detect reorgs (INDEXER_REORG_WINDOW). */
  reorgWindow: number;
  /**
   * A head that has not moved for this long (a chain that mines on demand) is indexed up to the head itself,
   * blocks above head - confirmations being unconfirmed, rather than waiting for blocks that never come.
   */
  stalledHeadMs: number;
  /** Milliseconds between tries of an instance that does not lead (INDEXER_LEADER_POLL_MS). */
  leaderPollMs: number;
};

function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${text}"`);
  return value;
}

/**
 * Options from the environment: INDEXER_CONFIRMATIONS (default 0 on the embedded chain, else 3),
 * INDEXER_BLOCK_RANGE (2000), INDEXER_POLL_MS (250 local, else 4000).
 */
export function indexerOptionsFromEnv(env: NodeJS.ProcessEnv, local: boolean): IndexerOptions {
  return {
    confirmations: envNumber(env, 'INDEXER_CONFIRMATIONS', local ? 0 : 3),
    blockRange: Math.max(1, envNumber(env, 'INDEXER_BLOCK_RANGE', 2000)),
    pollIntervalMs: Math.max(10, envNumber(env, 'INDEXER_POLL_MS', local ? 250 : 4000)),
    addressesPerCall: 500,
    retryInitialMs: 200,
    retryMaxMs: 10_000,
    reorgWindow: Math.max(1, envNumber(env, 'INDEXER_REORG_WINDOW', 64)),
    stalledHeadMs: envNumber(env, 'INDEXER_STALLED_HEAD_MS', local ? 1000 : 30_000),
    leaderPollMs: Math.max(100, envNumber(env, 'INDEXER_LEADER_POLL_MS', 1000)),
  };
}
