import type { Contract } from 'ethers';
import { indexedHolderTotals, indexedUpTo } from '../holders/index.ts';
import type { Ctx } from './token.ts';

/** Waiting for the indexer lives with the holders it stores; the rules module's callers keep this name. */
export { indexedUpTo };

/** The token's count on the chain: whether it is open and the last address counted (lower-case). */
export async function countingState(token: Contract): Promise<{ open: boolean; last: string }> {
  const [open, last] = (await token.getFunction('holderCountingState')()) as [boolean, string];
  return { open, last: last.toLowerCase() };
}

/**
 * Whether the indexer's balances of the token add up, partition by partition, to the supply the chain holds at the
 * indexer's block `block` (so the holders the indexer stores are every holder at that block).
 */
export async function indexedMatchesChain(
  ctx: Pick<Ctx, 'db'>,
  token: Contract,
  contractAddress: string,
  block: number,
): Promise<boolean> {
  const at = { blockTag: block };
  // A token the indexer has not read yet (its cursor still below the deployment): behind, not an error.
  if ((await token.runner?.provider?.getCode(contractAddress, block)) === '0x') return false;
  const [partitions, indexed] = await Promise.all([
    token.getFunction('allPartitions')(at) as Promise<string[]>,
    indexedHolderTotals(ctx.db, contractAddress),
  ]);
  const supplies = (await Promise.all(
    partitions.map((p) => token.getFunction('totalSupplyByPartition')(p, at)),
  )) as bigint[];
  const onChain = new Set(partitions.map((p) => p.toLowerCase()));
  for (const stored of indexed.partitions.keys()) if (!onChain.has(stored.toLowerCase())) return false;
  return partitions.every(
    (p, i) => (indexed.partitions.get(p.toLowerCase())?.sum ?? 0n) === (supplies[i] as bigint),
  );
}

/**
 * While a count is open: whether the holders the chain has counted are exactly the indexed holders at or below
 * the last address counted (in every partition and in the whole token). False when an address was skipped or
 * counted against balances that differ from the indexer's: the count can then never complete and starts again.
 */
export async function countedMatchesIndexed(
  ctx: Pick<Ctx, 'db'>,
  token: Contract,
  contractAddress: string,
  last: string,
): Promise<boolean> {
  const partitions = (await token.getFunction('allPartitions')()) as string[];
  const counted = (await Promise.all(
    [`0x${'00'.repeat(32)}`, ...partitions].map((scope) => token.getFunction('rulesOf')(scope)),
  )) as [[bigint, bigint]][];
  const below = await indexedHolderTotals(ctx.db, contractAddress, last);
  if (Number(counted[0]![0][1]) !== below.token) return false;
  return partitions.every(
    (p, i) => Number(counted[i + 1]![0][1]) === (below.partitions.get(p.toLowerCase())?.holders ?? 0),
  );
}
