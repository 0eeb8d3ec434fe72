import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { indexerCursors, tokenEvents } from '../modules/tokens/schema.ts';
import { storeBalances } from './balances.ts';
import type { DecodedLog } from './decode.ts';
import { chunks, eventRow, type Tx } from './eventRows.ts';
import { storeLatestState } from './latestState.ts';
import { recordBlockHashes } from './reorg.ts';

/** One indexer batch in one transaction: event rows (eventRows.ts), balances (balances.ts), latest state of
 * documents, operators and verifications (latestState.ts), block hashes and the cursors. */

/**
 * Locks the cursors of `addresses` and checks they are all at `expectedLastBlock` (another instance may have
 * moved them meanwhile). Answers false when not.
 */
async function lockCursors(tx: Tx, addresses: string[], expectedLastBlock: number): Promise<boolean> {
  const rows = await tx
    .select({ lastBlock: indexerCursors.lastBlock })
    .from(indexerCursors)
    .where(inArray(indexerCursors.contractAddress, addresses))
    .for('update');
  return rows.length === addresses.length && rows.every((row) => row.lastBlock === expectedLastBlock);
}

/**
 * Stores the decoded logs of blocks (expectedLastBlock, toBlock] of `addresses` and moves their cursors to
 * `toBlock`, all in one transaction: a crash leaves either everything or nothing. Answers false when the
 * cursors had moved (nothing written).
 */
export async function storeBatch(
  db: Database,
  input: {
    addresses: string[];
    expectedLastBlock: number;
    toBlock: number;
    logs: DecodedLog[];
    timestamps: Map<number, number>;
    /** Hashes of the batch's blocks within the reorg window (indexer/reorg.ts). */
    blockHashes?: Map<number, string>;
  },
): Promise<boolean> {
  const logs = [...input.logs].sort((x, y) => x.blockNumber - y.blockNumber || x.logIndex - y.logIndex);
  return db.transaction(async (tx) => {
    if (!(await lockCursors(tx, input.addresses, input.expectedLastBlock))) return false;
    const stamp = (log: DecodedLog) => input.timestamps.get(log.blockNumber) ?? 0;

    const events = logs.map((log) => eventRow(log, stamp(log)));
    for (const part of chunks(events)) {
      await tx.insert(tokenEvents).values(part).onConflictDoNothing();
    }
    await storeBalances(tx, logs, stamp);
    await storeLatestState(tx, logs);

    if (input.blockHashes) await recordBlockHashes(tx, input.blockHashes);
    await tx
      .update(indexerCursors)
      .set({ lastBlock: input.toBlock, updatedOn: new Date() })
      .where(inArray(indexerCursors.contractAddress, input.addresses));
    return true;
  });
}
