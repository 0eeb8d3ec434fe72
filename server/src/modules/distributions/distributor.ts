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
import type { DistributionRecord, PaymentRecord } from './repository.ts';

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

const trees = new Map<number, MerkleTree>();
/** The payment tree of a distribution, rebuilt from its payments (checked against its root) and kept for 16. */
export function treeOf(row: DistributionRecord, payments: readonly PaymentRecord[]): MerkleTree {
  const cached = trees.get(row.id);
  if (cached) return cached;
  const tree = paymentTree(
    payments.map((p) => ({ index: p.index, account: p.holder, amount: BigInt(p.amount) })),
  );
  if (tree.root !== row.merkleRoot)
    throw new Error(`the payments of distribution ${row.id} do not give its root`);
  if (trees.size >= 16) trees.delete(trees.keys().next().value as number);
  trees.set(row.id, tree);
  return tree;
}

/** Keeps the tree just built for a new distribution. */
export function rememberTree(id: number, tree: MerkleTree): void {
  trees.set(id, tree);
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

/** What pushes paid, from the Distributor's Pushed events of this distribution (the chain is the record). */
export async function pushedAmount(ctx: Ctx, row: DistributionRecord): Promise<bigint> {
  const logs = await ctx.chain.provider.getLogs({
    address: row.distributorAddress,
    topics: [distributorInterface.getEvent('Pushed')?.topicHash ?? null, row.onchainId],
    fromBlock: 0,
    toBlock: 'latest',
  });
  return logs.reduce((sum, log) => sum + BigInt(distributorInterface.parseLog(log)?.args[2] ?? 0n), 0n);
}
