import { describe, expect, it } from 'vitest';
import { hasContractLink } from './components/RegularTransactionsTab.tsx';

const contractAddress = `0x${'12'.repeat(20)}`;

describe('My transactions: the Contract column', () => {
  it('links the contract only for relatedAssetClassId 1, 2 or 3', () => {
    for (const id of [1, 2, 3])
      expect(hasContractLink({ relatedAssetClassId: id, contractAddress })).toBe(true);
    for (const id of [0, 4, 7])
      expect(hasContractLink({ relatedAssetClassId: id, contractAddress })).toBe(false);
    expect(hasContractLink({ relatedAssetClassId: 1, contractAddress: '' })).toBe(false);
  });
});
