import type { Log } from 'ethers';
import type { ChainService } from '../chain/chainService.ts';
import { followedTopics } from './decode.ts';
import type { IndexerOptions } from './options.ts';

/** Runs a node read with the indexer's retry policy (forever while the loop runs, a few times otherwise). */
export type Retry = <T>(what: string, action: () => Promise<T>, signal?: AbortSignal) => Promise<T>;

/** eth_getLogs refused the block range as too large: the indexer halves its range and asks again. */
export class RangeTooLarge extends Error {
  constructor() {
    super('block range too large');
    this.name = 'RangeTooLarge';
  }
}

/** What the indexer reads from the node besides the head: logs, block timestamps and block hashes. */
export function createNodeReads(chain: ChainService, options: IndexerOptions, retry: Retry) {
  function isRangeError(error: unknown): boolean {
    const message = String((error as Error)?.message ?? error);
    return /range|too many|limit|exceed|10000|response size/i.test(message);
  }

  async function getLogs(addresses: string[], fromBlock: number, toBlock: number, signal?: AbortSignal) {
    const all: Log[] = [];
    for (let i = 0; i < addresses.length; i += options.addressesPerCall) {
      const address = addresses.slice(i, i + options.addressesPerCall);
      const logs = await retry(
        'eth_getLogs',
        async () => {
          try {
            return await chain.provider.getLogs({ address, fromBlock, toBlock, topics: [followedTopics] });
          } catch (error) {
            if (isRangeError(error) && toBlock > fromBlock) throw new RangeTooLarge();
            throw error;
          }
        },
        signal,
      );
      all.push(...logs);
    }
    return all;
  }

  async function blockTimestamps(blocks: number[], signal?: AbortSignal): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (let i = 0; i < blocks.length; i += 100) {
      const part = blocks.slice(i, i + 100);
      const stamps = await retry(
        'eth_getBlockByNumber',
        () =>
          Promise.all(
            part.map(async (n) => {
              const block = await chain.provider.getBlock(n);
              if (!block) throw new Error(`block ${n} is not available`);
              return block.timestamp;
            }),
          ),
        signal,
      );
      part.forEach((n, j) => {
        out.set(n, stamps[j] ?? 0);
      });
    }
    return out;
  }

  /** The hashes of the blocks of (fromBlock, toBlock] within the reorg window: from the logs, else the node. */
  async function hashesInWindow(
    logs: Log[],
    fromBlock: number,
    toBlock: number,
    chainHead: number,
    signal?: AbortSignal,
  ): Promise<Map<number, string>> {
    const hashes = new Map<number, string>();
    const lowest = Math.max(fromBlock, chainHead - options.reorgWindow + 1);
    for (const log of logs) {
      if (log.blockNumber >= lowest) hashes.set(log.blockNumber, log.blockHash.toLowerCase());
    }
    const missing: number[] = [];
    for (let n = lowest; n <= toBlock; n++) if (!hashes.has(n)) missing.push(n);
    for (let i = 0; i < missing.length; i += 50) {
      const part = missing.slice(i, i + 50);
      const found = await retry(
        'eth_getBlockByNumber',
        () => Promise.all(part.map(async (n) => (await chain.provider.getBlock(n))?.hash?.toLowerCase())),
        signal,
      );
      part.forEach((n, j) => {
        const hash = found[j];
        if (hash) hashes.set(n, hash);
      });
    }
    return hashes;
  }

  return { getLogs, blockTimestamps, hashesInWindow };
}
