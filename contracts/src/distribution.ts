import { AbiCoder, keccak256 } from 'ethers';
import { leafHash, MerkleTree } from './merkle.ts';

/**
 * Record-date registers and distributions: the one allocation rule (integers only, floor per holder, remainder to
 * the issuer), the register tree and the payment tree in OpenZeppelin's StandardMerkleTree form (leaf =
 * keccak256(keccak256(abi.encode(...)))), and the Distributor's terms and ids.
 */

/** Register leaves: (holder, partition, balance at the record block). */
export const registerLeafEncoding = ['address', 'bytes32', 'uint256'] as const;
/** Payment leaves: (bit index, holder, amount owed). */
export const paymentLeafEncoding = ['uint256', 'address', 'uint256'] as const;

export type RegisterRow = { address: string; partition: string; balance: bigint };
export type Payment = { index: number; account: string; amount: bigint };

export { keccakReady, MerkleTree } from './merkle.ts';

/**
 * The register's Merkle root over (address, partition, balance). Leaves keep the register's order (sorted by
 * address then partition by the caller), so the same register always gives the same root.
 */
export function registerTree(rows: readonly RegisterRow[]): MerkleTree {
  return new MerkleTree(
    rows.map((row) =>
      leafHash([{ address: row.address }, { bytes32: row.partition }, { uint: row.balance }]),
    ),
  );
}

/** The root of an empty register (no holders): zero. */
export function registerRoot(rows: readonly RegisterRow[]): string {
  if (rows.length === 0) return `0x${'0'.repeat(64)}`;
  return registerTree(rows).root;
}

/** An address in lower case (the form registers and payment leaves use); throws on anything else. */
export function normalAddress(address: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new RangeError(`not an address: ${address}`);
  return address.toLowerCase();
}

export type AllocationInput = {
  /** Balance per holder at the record block (one entry per address; partitions already summed). */
  balances: ReadonlyMap<string, bigint> | readonly (readonly [string, bigint])[];
  /** Addresses that receive nothing (treasury); compared case-insensitively. */
  excluded?: readonly string[];
} & ({ amount: bigint; amountPerToken?: undefined } | { amountPerToken: bigint; amount?: undefined });

export type Allocation = {
  /** What is funded: the total amount, or amountPerToken × eligible balance. */
  funded: bigint;
  /** Eligible balance (holders not excluded). */
  eligibleBalance: bigint;
  /** Holders with a non-zero payment, sorted by (lower-case) address; `index` is their leaf and bitmap index. */
  payments: Payment[];
  /** funded − Σ payments: the rounding remainder, returned to the issuer at reclaim. */
  remainder: bigint;
};

/**
 * The rounding rule, written once: with a total amount each eligible holder gets
 * floor(amount × balance / eligibleBalance); with an amount per token, amountPerToken × balance (no remainder).
 * Holders whose share floors to zero get no leaf. Σ payments + remainder = funded, always.
 */
export function allocate(input: AllocationInput): Allocation {
  const excluded = new Set((input.excluded ?? []).map(normalAddress));
  const entries = [...(input.balances instanceof Map ? input.balances.entries() : input.balances)]
    .map(([address, balance]) => [normalAddress(address), balance] as const)
    .filter(([address, balance]) => balance > 0n && !excluded.has(address))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 1; i < entries.length; i += 1) {
    if (entries[i]![0] === entries[i - 1]![0]) throw new RangeError(`holder listed twice: ${entries[i]![0]}`);
  }
  const eligibleBalance = entries.reduce((sum, [, balance]) => sum + balance, 0n);
  if (input.amount !== undefined && input.amount < 0n) throw new RangeError('amount must not be negative');
  if (input.amountPerToken !== undefined && input.amountPerToken < 0n) {
    throw new RangeError('amount per token must not be negative');
  }
  const funded = input.amount ?? (input.amountPerToken as bigint) * eligibleBalance;
  const payments: Payment[] = [];
  let paid = 0n;
  for (const [account, balance] of entries) {
    const amount =
      input.amount !== undefined
        ? (input.amount * balance) / eligibleBalance
        : (input.amountPerToken as bigint) * balance;
    if (amount === 0n) continue;
    payments.push({ index: payments.length, account, amount });
    paid += amount;
  }
  return { funded, eligibleBalance, payments, remainder: funded - paid };
}

/** The payment tree. Leaves keep index order (no sorting), so a run of consecutive indexes has a small multiproof. */
export function paymentTree(payments: readonly Payment[]): MerkleTree {
  payments.forEach((payment, i) => {
    if (payment.index !== i) throw new RangeError('payments must be numbered 0, 1, 2, … in order');
  });
  return new MerkleTree(
    payments.map((payment) =>
      leafHash([{ uint: BigInt(payment.index) }, { address: payment.account }, { uint: payment.amount }]),
    ),
  );
}

/** The proof of one payment (payments[i].index === i, as `allocate` numbers them). */
export function paymentProof(tree: MerkleTree, index: number): string[] {
  return tree.proof(index);
}

/**
 * A push batch for the Distributor: the payments in the order the contract must hash them, the multiproof and its
 * flags.
 */
export function pushBatch(
  tree: MerkleTree,
  payments: readonly Payment[],
  indexes: readonly number[],
): { payments: Payment[]; proof: string[]; proofFlags: boolean[] } {
  const multi = tree.multiProof(indexes);
  return {
    payments: multi.leaves.map((index) => payments[index]!),
    proof: multi.proof,
    proofFlags: multi.proofFlags,
  };
}

/** The Distributor's `Terms` struct. */
export type DistributionTerms = {
  issuer: string;
  asset: string;
  deadline: bigint;
  nonce: bigint;
  root: string;
};

/** Terms as the contract's ABI takes them (a tuple). */
export function termsTuple(terms: DistributionTerms): [string, string, bigint, bigint, string] {
  return [terms.issuer, terms.asset, terms.deadline, terms.nonce, terms.root];
}

/** The on-chain id of a distribution: keccak256(abi.encode(terms)), as Distributor.distributionId computes. */
export function distributionId(terms: DistributionTerms): string {
  return keccak256(
    AbiCoder.defaultAbiCoder().encode(
      ['address', 'address', 'uint64', 'uint64', 'bytes32'],
      termsTuple(terms),
    ),
  );
}
