import {
  type DistributionTerms,
  distributorArtifact,
  type MerkleTree,
  paymentTree,
  testStableTokenArtifact,
} from '@tranche/contracts';
import { Contract, Interface, type Log, zeroPadValue } from 'ethers';
import type { AppContext } from '../../context.ts';
import { refusalMessage } from '../../jobs/durableTransaction.ts';
import { createCache } from '../../cache/cache.ts';
import { type DistributionRecord, type PaymentRecord, paymentsOf, pushedAmountOf } from './repository.ts';

/** The Distributor contract as the service sees it: its terms, encodings, state reads and payment trees. */

export type Ctx = Pick<AppContext, 'db' | 'chain' | 'caches' | 'masterKey'>;

export const distributorInterface = new Interface(distributorArtifact.abi);
export const erc20Interface = new Interface(testStableTokenArtifact.abi);

export function termsOf(row: DistributionRecord): DistributionTerms {
  return {
    issuer: row.issuer,
    asset: row.asset,
    deadline: BigInt(row.deadline),
    nonce: BigInt(row.id),
    root: row.merkleRoot,
  };
}

/** A chain refusal in people's words (the Distributor's reasons, the payment token's errors decoded). */
export const chainRefusal = refusalMessage;

/** How many distributions' payment trees a server keeps in memory (least recently used first out). */
export const treeCacheEntries = 16;
const trees = createCache<number, MerkleTree>({ ttlMs: 60 * 60_000, maxEntries: treeCacheEntries });
/** How many payment trees are kept now (at most {@link treeCacheEntries}). */
export const cachedTrees = () => trees.size();

/**
 * The payment tree of a distribution, rebuilt from its payments (read when not given; checked against its root)
 * and kept in the bounded tree cache.
 */
export async function treeOf(
  ctx: Pick<Ctx, 'db'>,
  row: DistributionRecord,
  payments?: readonly PaymentRecord[],
): Promise<MerkleTree> {
  const tree = await trees.get(row.id, async () => {
    const built = paymentTree(
      (payments ?? (await paymentsOf(ctx.db, row.id))).map((p) => ({
        index: p.index,
        account: p.holder,
        amount: BigInt(p.amount),
      })),
    );
    if (built.root !== row.merkleRoot)
      throw new Error(`the payments of distribution ${row.id} do not give its root`);
    return built;
  });
  if (!tree) throw new Error(`the payments of distribution ${row.id} give no tree`);
  return tree;
}

/** Keeps the tree just built for a new distribution (in the same bounded cache). */
export async function rememberTree(id: number, tree: MerkleTree): Promise<void> {
  trees.delete(id);
  await trees.get(id, async () => tree);
}

/** Which leaves the chain has paid: one bit per leaf, read in bitmap words. */
export async function paidBits(ctx: Ctx, row: DistributionRecord): Promise<(index: number) => boolean> {
  const distributor = new Contract(row.distributorAddress, distributorArtifact.abi, ctx.chain.provider);
  const words = (await distributor.getFunction('paidWords')(
    row.onchainId,
    0,
    Math.ceil(row.holders / 256),
  )) as bigint[];
  return (index) => ((words[index >> 8] ?? 0n) >> BigInt(index & 255)) % 2n === 1n;
}

export async function chainState(ctx: Ctx, row: DistributionRecord) {
  const distributor = new Contract(row.distributorAddress, distributorArtifact.abi, ctx.chain.provider);
  const [remaining, funded, reclaimed] = (await distributor.getFunction('stateOf')(row.onchainId)) as [
    bigint,
    boolean,
    boolean,
  ];
  return { remaining, funded, reclaimed };
}

/**
 * What pushes paid: the sum of the Pushed amounts the push jobs of this distribution recorded in their progress
 * (pushJob.ts), not a scan of the chain's logs from block 0.
 */
export async function pushedAmount(ctx: Pick<Ctx, 'db'>, row: DistributionRecord): Promise<bigint> {
  return pushedAmountOf(ctx.db, row.id);
}

/** The escrow that holds a distribution's funds (the Distributor's CREATE2 address for it). */
export async function escrowOf(ctx: Ctx, row: DistributionRecord): Promise<string> {
  const distributor = new Contract(row.distributorAddress, distributorArtifact.abi, ctx.chain.provider);
  return ((await distributor.getFunction('escrowOf')(row.onchainId)) as string).toLowerCase();
}

/** What a distribution had paid and held at the end of a block (base units of its asset). */
export type DistributionFiguresAt = {
  /** Paid by holders' claims. */
  claimed: bigint;
  /** Paid by the issuer's pushes. */
  pushed: bigint;
  /** What its escrow held. */
  remaining: bigint;
  reclaimed: boolean;
};

/** An eth_getLogs refusal that says the range or the answer is too large (a provider's limit). */
const rangeRefusal = /range|too many|limit|exceed|10000|response size/i;

/** eth_getLogs over [fromBlock, toBlock], asked again in halves when the node refuses the range as too large. */
async function logsBetween(
  ctx: Pick<Ctx, 'chain'>,
  filter: { address: string; topics: (string | string[] | null)[] },
  fromBlock: number,
  toBlock: number,
): Promise<Log[]> {
  try {
    return await ctx.chain.provider.getLogs({ ...filter, fromBlock, toBlock });
  } catch (error) {
    if (toBlock <= fromBlock || !rangeRefusal.test(String((error as Error)?.message ?? error))) throw error;
    const middle = Math.floor((fromBlock + toBlock) / 2);
    return [
      ...(await logsBetween(ctx, filter, fromBlock, middle)),
      ...(await logsBetween(ctx, filter, middle + 1, toBlock)),
    ];
  }
}

const topicOf = (contract: Interface, event: string) => {
  const fragment = contract.getEvent(event);
  if (!fragment) throw new Error(`the ABI has no ${event} event`);
  return fragment.topicHash;
};

/**
 * What distributions had claimed, pushed, held and reclaimed at the end of block `toBlock`, from the chain's logs of
 * `fromBlock`..`toBlock` (no distribution has a log before its record block): the Distributor's Pushed and Reclaimed
 * events, and its asset's Transfers out of and into each distribution's escrow (a claim logs only the Transfer from
 * the escrow to the holder). Logs rather than the Distributor's state at the block (eth_call with a block tag): nodes
 * keep no state of old blocks (the embedded chain keeps about 4,000 blocks' states, none from before a restart), while
 * they keep every log. A few calls whatever the number of holders: escrowOf per distribution, then one eth_getLogs per
 * Distributor and two per asset for all the distributions together.
 */
export async function figuresAtBlock(
  ctx: Ctx,
  rows: readonly DistributionRecord[],
  fromBlock: number,
  toBlock: number,
): Promise<Map<number, DistributionFiguresAt>> {
  const figures = new Map<number, DistributionFiguresAt>(
    rows.map((row) => [row.id, { claimed: 0n, pushed: 0n, remaining: 0n, reclaimed: false }]),
  );
  if (rows.length === 0) return figures;
  const escrows = await Promise.all(rows.map((row) => escrowOf(ctx, row)));
  const byOnchainId = new Map(
    rows.map((row) => [`${row.distributorAddress.toLowerCase()}:${row.onchainId.toLowerCase()}`, row.id]),
  );
  const byEscrow = new Map(rows.map((row, i) => [`${row.asset.toLowerCase()}:${escrows[i]}`, row.id]));
  const group = (keyOf: (row: DistributionRecord) => string) => {
    const groups = new Map<string, number[]>();
    for (const [i, row] of rows.entries()) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), i]);
    return groups;
  };
  const pushedTopic = topicOf(distributorInterface, 'Pushed');
  const reclaimedTopic = topicOf(distributorInterface, 'Reclaimed');
  const transferTopic = topicOf(erc20Interface, 'Transfer');
  // What each escrow sent (claims, pushes, the reclaim) and received (the funding, any top-up).
  const sent = new Map<number, bigint>();
  const add = (map: Map<number, bigint>, id: number | undefined, amount: bigint) => {
    if (id !== undefined) map.set(id, (map.get(id) ?? 0n) + amount);
  };
  const received = new Map<number, bigint>();
  const reclaimedAmount = new Map<number, bigint>();
  await Promise.all([
    ...[...group((row) => row.distributorAddress.toLowerCase())].map(async ([distributor, members]) => {
      const ids = members.map((i) => (rows[i] as DistributionRecord).onchainId);
      const logs = await logsBetween(
        ctx,
        { address: distributor, topics: [[pushedTopic, reclaimedTopic], ids] },
        fromBlock,
        toBlock,
      );
      for (const log of logs) {
        const parsed = distributorInterface.parseLog(log);
        const id = byOnchainId.get(`${distributor}:${String(log.topics[1]).toLowerCase()}`);
        const entry = id === undefined ? undefined : figures.get(id);
        if (!parsed || id === undefined || !entry) continue;
        if (parsed.name === 'Pushed') entry.pushed += parsed.args[2] as bigint;
        if (parsed.name === 'Reclaimed') {
          entry.reclaimed = true;
          add(reclaimedAmount, id, parsed.args[1] as bigint);
        }
      }
    }),
    ...[...group((row) => row.asset.toLowerCase())].flatMap(([asset, members]) => {
      const padded = members.map((i) => zeroPadValue(escrows[i] as string, 32));
      return [
        { topics: [transferTopic, padded], side: 1, into: sent },
        { topics: [transferTopic, null, padded], side: 2, into: received },
      ].map(async ({ topics, side, into }) => {
        const logs = await logsBetween(ctx, { address: asset, topics }, fromBlock, toBlock);
        for (const log of logs) {
          const escrow = `0x${String(log.topics[side]).slice(26)}`.toLowerCase();
          add(into, byEscrow.get(`${asset}:${escrow}`), BigInt(log.data));
        }
      });
    }),
  ]);
  for (const [id, entry] of figures) {
    const out = sent.get(id) ?? 0n;
    entry.claimed = out - entry.pushed - (reclaimedAmount.get(id) ?? 0n);
    entry.remaining = (received.get(id) ?? 0n) - out;
  }
  return figures;
}
