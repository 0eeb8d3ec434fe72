import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import fc from 'fast-check';
import { getAddress, hexlify } from 'ethers';
import { describe, expect, it } from 'vitest';
import { type Payment, paymentTree, pushBatch, registerTree } from './distribution.ts';
import { keccakEngine, keccakReady } from './merkle.ts';

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(hexlify(bytes)));
const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => hexlify(bytes));
const uint = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });

/** OpenZeppelin's tree of the payment leaves (index, account, amount), in their order. */
const openZeppelinPaymentTree = (payments: readonly Payment[]) =>
  StandardMerkleTree.of(
    payments.map((p) => [BigInt(p.index), p.account, p.amount]),
    ['uint256', 'address', 'uint256'],
    { sortLeaves: false },
  );

describe('MerkleTree', () => {
  /** Random registers, payments and multiproof picks: our trees against OpenZeppelin's. */
  const matchesOpenZeppelin = () => {
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
          const paymentsReference = openZeppelinPaymentTree(payments);
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
  };

  // Hashes before keccakReady() resolves go through js-sha3 (a synchronous run never lets the load finish).
  it('gives the roots, proofs and multiproofs of OpenZeppelin StandardMerkleTree (sortLeaves: false) with js-sha3', () => {
    expect(keccakEngine()).toBe('js-sha3');
    matchesOpenZeppelin();
    expect(keccakEngine()).toBe('js-sha3');
  });

  it('gives the same with the WebAssembly keccak, and for 3,000 random payments', async () => {
    await keccakReady();
    expect(keccakEngine()).toBe('hash-wasm');
    matchesOpenZeppelin();
    const [rows] = fc.sample(
      fc.array(fc.tuple(address, fc.bigInt({ min: 1n, max: (1n << 256n) - 1n })), {
        minLength: 3_000,
        maxLength: 3_000,
      }),
      { numRuns: 1, seed: 2121 },
    );
    const payments = rows!.map(([account, amount], index) => ({ index, account, amount }));
    const reference = openZeppelinPaymentTree(payments);
    const tree = paymentTree(payments);
    expect(tree.root).toBe(reference.root);
    for (let i = 0; i < payments.length; i += 97) expect(tree.proof(i)).toEqual(reference.getProof(i));
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
