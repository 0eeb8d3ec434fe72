import { EventEmitter } from 'node:events';
import { asc, lt, sql } from 'drizzle-orm';
import type { Log } from 'ethers';
import type { ChainService } from '../chain/chainService.ts';
import type { Database } from '../db/database.ts';
import { oneLine } from '../errors.ts';
import { indexerCursors } from '../modules/tokens/schema.ts';
import { type DecodedLog, decodeLog } from './decode.ts';
import { AbortedError, sleep, withRetry } from './retry.ts';
import { createLeadership, type Leadership } from './leadership.ts';
import { createNodeReads, RangeTooLarge } from './nodeReads.ts';
import type { IndexerOptions } from './options.ts';
import { findForkPoint, pruneBlockHashes, rollbackTo } from './reorg.ts';
import { storeBatch } from './store.ts';

export { type IndexerOptions, indexerOptionsFromEnv } from './options.ts';

export type IndexerLogger = { warn: (message: string) => void };

const indexers = new WeakMap<object, Indexer>();

/** The indexer started for an app (the tokens module starts it; readiness and tests read it). */
export function indexerOf(app: object): Indexer | undefined {
  return indexers.get(app);
}

export function setIndexerOf(app: object, indexer: Indexer): void {
  indexers.set(app, indexer);
}

export type Indexer = {
  options: IndexerOptions;
  /** Starts the polling loop (idempotent). */
  start: () => void;
  /** Stops the loop and waits for the pass in progress. */
  stop: () => Promise<void>;
  /**
   * One pass: follows new tokens, indexes up to head - confirmations; answers that block. `maxBatches` stops
   * early after that many stored ranges (what a crash between two batches leaves behind).
   */
  syncOnce: (limits?: { maxBatches?: number }) => Promise<number>;
  /** Resolves once every followed contract is indexed up to `block` (rejects after `timeoutMs`). */
  waitForBlock: (block: number, timeoutMs?: number) => Promise<void>;
  /** The block every followed contract is indexed to (the lowest cursor), or null when none is followed. */
  indexedBlock: () => Promise<number | null>;
  /** True while this instance leads (indexes); the others serve reads from what the leader stored. */
  isLeader: () => boolean;
};

/**
 * The event indexer: reads the logs of every deployed token and every whitelist (registered or used) with eth_getLogs
 * in block ranges, from each contract's cursor in the database, and stores them with the cursor in one
 * transaction, so a restart continues where it stopped and never counts an event twice. RPC and database
 * errors are retried with exponential backoff.
 */
export function createIndexer(
  deps: { db: Database; chain: ChainService; logger?: IndexerLogger; leadership?: Leadership },
  options: IndexerOptions,
): Indexer {
  const { db, chain } = deps;
  const leadership = deps.leadership ?? createLeadership(db);
  let seenHead = { block: -1, since: Date.now() };
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let controller: AbortController | undefined;
  let loop: Promise<void> | undefined;
  let range = options.blockRange;
  let lastSynced = -1;

  const retry = <T>(what: string, action: () => Promise<T>, signal?: AbortSignal) =>
    withRetry(action, {
      initialMs: options.retryInitialMs,
      maxMs: options.retryMaxMs,
      attempts: signal ? Number.POSITIVE_INFINITY : 5,
      signal,
      retryable: (error) => !(error instanceof RangeTooLarge),
      onRetry: (error, attempt, delay) =>
        deps.logger?.warn(
          `indexer: ${what} failed (attempt ${attempt}, retrying in ${delay} ms): ${oneLine(String((error as Error)?.message ?? error))}`,
        ),
    });

  const { getLogs, blockTimestamps, hashesInWindow } = createNodeReads(chain, options, retry);

  /**
   * Adds a cursor for every deployed token and whitelist not followed yet, and for every whitelist registered on this
   * platform (its 'whitelist.updated' webhooks and records are wanted before any token uses it).
   */
  async function followNewContracts(head: number): Promise<void> {
    await db.execute(sql`
      insert into indexer_cursors (contract_address, kind, last_block)
      select contract_address, 'token', max(greatest(coalesce(deploy_block, 0) - 1, -1))
      from projects where status = 2 and contract_address is not null
      group by contract_address
      on conflict do nothing`);
    // A whitelist is read from the chain's start on the embedded chain, else from its first token's deployment.
    await db.execute(sql`
      insert into indexer_cursors (contract_address, kind, last_block)
      select whitelist_address, 'whitelist', ${chain.local ? sql`-1` : sql`min(greatest(coalesce(deploy_block, 0) - 1, -1))`}
      from projects where status = 2 and whitelist_address is not null
      group by whitelist_address
      on conflict do nothing`);
    // A registered whitelist no deployed token uses yet: on a real chain, read from a reorg window below the head at
    // which the indexer first sees it (moments after its registration); a token deployed with it first keeps the
    // cursor from that token's deployment.
    await db.execute(sql`
      insert into indexer_cursors (contract_address, kind, last_block)
      select address, 'whitelist', ${chain.local ? -1 : Math.max(head - options.reorgWindow, -1)}
      from whitelists where chain_id = ${chain.chainId}
      on conflict do nothing`);
    // A registered security scheme (its role table, issue 37): likewise from the chain's start on the embedded chain,
    // else from a reorg window below the head when it is first seen (rights granted before its registration on a
    // real chain are read from the chain by the access checks, not listed).
    await db.execute(sql`
      insert into indexer_cursors (contract_address, kind, last_block)
      select address, 'scheme', ${chain.local ? -1 : Math.max(head - options.reorgWindow, -1)}
      from security_schemes where chain_id = ${chain.chainId}
      on conflict do nothing`);
  }

  async function syncOnce(signal?: AbortSignal, maxBatches = Number.POSITIVE_INFINITY): Promise<number> {
    let batches = 0;
    const chainHead = await retry('eth_blockNumber', () => chain.blockNumber(), signal);
    if (chainHead !== seenHead.block) seenHead = { block: chainHead, since: Date.now() };
    const stalled = options.confirmations > 0 && Date.now() - seenHead.since >= options.stalledHeadMs;
    const head = stalled ? chainHead : chainHead - options.confirmations;
    if (head < 0) return head;
    const fork = await retry('checking for a reorg', () => findForkPoint(db, chain), signal);
    if (fork !== undefined) {
      deps.logger?.warn(
        `indexer: reorg below block ${fork + 1}: rolling back to block ${fork} and reading again`,
      );
      await retry('rolling back a reorg', () => rollbackTo(db, fork), signal);
    }
    await retry('following new contracts', () => followNewContracts(head), signal);
    for (;;) {
      if (signal?.aborted) throw new AbortedError();
      if (batches >= maxBatches) return head;
      const behind = await db
        .select()
        .from(indexerCursors)
        .where(lt(indexerCursors.lastBlock, head))
        .orderBy(asc(indexerCursors.lastBlock));
      const first = behind[0];
      if (!first) break;
      const group = behind.filter((c) => c.lastBlock === first.lastBlock);
      const kinds = new Map(group.map((c) => [c.contractAddress, c.kind]));
      const fromBlock = first.lastBlock + 1;
      const toBlock = Math.min(first.lastBlock + range, head);
      let logs: Log[];
      try {
        logs = await getLogs([...kinds.keys()], fromBlock, toBlock, signal);
      } catch (error) {
        if (error instanceof RangeTooLarge) {
          range = Math.max(1, Math.floor((toBlock - fromBlock + 1) / 2));
          continue;
        }
        throw error;
      }
      const decoded: DecodedLog[] = [];
      for (const log of logs) {
        if (log.removed) continue;
        const kind = kinds.get(log.address.toLowerCase());
        const one = kind ? decodeLog(log, kind) : undefined;
        if (one) decoded.push(one);
      }
      const timestamps = await blockTimestamps([...new Set(decoded.map((l) => l.blockNumber))], signal);
      const blockHashes = await hashesInWindow(logs, fromBlock, toBlock, chainHead, signal);
      await retry(
        'storing events',
        () =>
          storeBatch(db, {
            addresses: [...kinds.keys()],
            expectedLastBlock: first.lastBlock,
            toBlock,
            logs: decoded,
            timestamps,
            blockHashes,
          }),
        signal,
      );
      batches++;
      // A range that worked may grow back towards the configured one.
      range = Math.min(options.blockRange, range * 2);
    }
    await pruneBlockHashes(db, chainHead - options.reorgWindow).catch(() => undefined);
    lastSynced = head;
    events.emit('synced', head);
    return head;
  }

  async function run(signal: AbortSignal): Promise<void> {
    let delay = options.retryInitialMs;
    while (!signal.aborted) {
      try {
        if (!(await leadership.acquire())) {
          // Another instance indexes: try again soon (it may have died).
          await sleep(options.leaderPollMs, signal);
          continue;
        }
        await syncOnce(signal);
        delay = options.retryInitialMs;
        await sleep(options.pollIntervalMs, signal);
      } catch (error) {
        if (error instanceof AbortedError || signal.aborted) return;
        deps.logger?.warn(
          `indexer: pass failed, retrying in ${delay} ms: ${oneLine(String((error as Error)?.message ?? error))}`,
        );
        try {
          await sleep(delay, signal);
        } catch {
          return;
        }
        delay = Math.min(delay * 2, options.retryMaxMs);
      }
    }
  }

  return {
    options,
    start: () => {
      if (loop) return;
      controller = new AbortController();
      loop = run(controller.signal);
    },
    stop: async () => {
      controller?.abort();
      await loop;
      await leadership.release();
      loop = undefined;
      controller = undefined;
    },
    isLeader: () => leadership.isLeader(),
    syncOnce: (limits) => syncOnce(undefined, limits?.maxBatches),
    waitForBlock: (block, timeoutMs = 30_000) => {
      if (lastSynced >= block) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          events.off('synced', onSynced);
          reject(new Error(`the indexer did not reach block ${block} within ${timeoutMs} ms`));
        }, timeoutMs);
        const onSynced = (head: number) => {
          if (head < block) return;
          clearTimeout(timer);
          events.off('synced', onSynced);
          resolve();
        };
        events.on('synced', onSynced);
      });
    },
    indexedBlock: async () => {
      const [row] = await db
        .select({ min: sql<string | null>`min(${indexerCursors.lastBlock})` })
        .from(indexerCursors);
      return row?.min === null || row?.min === undefined ? null : Number(row.min);
    },
  };
}
