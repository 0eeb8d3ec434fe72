import {
  type DistributionTerms,
  distributorArtifact,
  type MerkleTree,
  paymentTree,
  testStableTokenArtifact,
} from '@tranche/contracts';
import { Contract, Interface } from 'ethers';
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
