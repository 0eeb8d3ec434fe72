import type { ChainService } from '../chain/chainService.ts';
import { indexerOf } from './indexer.ts';

/** Blocks below the head shown as final (INDEXER_CONFIRMATIONS of the app's indexer; 0 without one). */
export function confirmationsOf(app: object): number {
  return indexerOf(app)?.options.confirmations ?? 0;
}

/**
 * The first block that is not final yet (head - confirmations + 1): a balance changed in it or later is shown as
 * unconfirmed. Null when every block is final (no confirmations asked, or no indexer), which costs no RPC call.
 */
export async function firstUnconfirmedBlock(app: object, chain: ChainService): Promise<number | null> {
  const confirmations = confirmationsOf(app);
  if (confirmations === 0) return null;
  return (await chain.blockNumber()) - confirmations + 1;
}
