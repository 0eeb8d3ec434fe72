import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import fc from 'fast-check';
import { getAddress, hexlify } from 'ethers';
import { describe, expect, it } from 'vitest';
import { paymentTree, pushBatch, registerTree } from './distribution.ts';

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(hexlify(bytes)));
const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => hexlify(bytes));
const uint = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });

describe('MerkleTree', () => {
  it('gives the roots, proofs and multiproofs of OpenZeppelin StandardMerkleTree (sortLeaves: false)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(address, bytes32, uint), { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(address, fc.bigInt({ min: 1n, max: 10n ** 30n })), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (registerRows, paymentRows, picks) => {
          const reference = StandardMerkleTree.of(registerRows, ['address', 'bytes32', 'uint256'], {
            sortLeaves: false,
          });
          const ours = registerTree(
            registerRows.map(([a, p, b]) => ({ address: a, partition: p, balance: b })),
          );
          expect(ours.root).toBe(reference.root);
          for (const i of registerRows.keys()) expect(ours.proof(i)).toEqual(reference.getProof(i));

          const payments = paymentRows.map(([account, amount], index) => ({ index, account, amount }));
          const paymentsReference = StandardMerkleTree.of(
            payments.map((p) => [BigInt(p.index), p.account, p.amount]),
            ['uint256', 'address', 'uint256'],
            { sortLeaves: false },
          );
          const tree = paymentTree(payments);
          expect(tree.root).toBe(paymentsReference.root);
          const chosen = [...new Set(picks.map((pick) => pick % payments.length))];
          const multi = paymentsReference.getMultiProof(chosen);
          const batch = pushBatch(tree, payments, chosen);
          expect(batch.proof).toEqual(multi.proof);
          expect(batch.proofFlags).toEqual(multi.proofFlags);
          expect(batch.payments.map((p) => [BigInt(p.index), p.account, p.amount])).toEqual(multi.leaves);
          expect(
            StandardMerkleTree.verifyMultiProof(tree.root, ['uint256', 'address', 'uint256'], multi),
          ).toBe(true);
        },
      ),
      { numRuns: 60, seed: 21 },
    );
  });

  it('refuses an empty tree, unknown leaves and duplicated multiproof leaves', () => {
    expect(() => registerTree([])).toThrow(RangeError);
    const tree = paymentTree([{ index: 0, account: getAddress(`0x${'11'.repeat(20)}`), amount: 1n }]);
    expect(() => tree.proof(1)).toThrow(RangeError);
    expect(() => tree.multiProof([0, 0])).toThrow(RangeError);
    expect(() =>
      paymentTree([{ index: 1, account: getAddress(`0x${'11'.repeat(20)}`), amount: 1n }]),
    ).toThrow(RangeError);
  });
});
