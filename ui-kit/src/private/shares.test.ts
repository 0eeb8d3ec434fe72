import { describe, expect, it } from 'vitest';
import { amountText, percentText, sharesOf } from './shares.ts';

describe('sharesOf', () => {
  it('gives shares that add up to exactly 100.00% however the amounts divide', () => {
    const shares = sharesOf([
      { label: 'A', amount: 1n },
      { label: 'B', amount: 1n },
      { label: 'C', amount: 1n },
    ]);
    expect(shares.map((s) => s.basisPoints)).toEqual([3334, 3333, 3333]);
    expect(shares.reduce((sum, s) => sum + s.basisPoints, 0)).toBe(10_000);
  });

  it('keeps exact shares of amounts larger than any float', () => {
    const big = 10n ** 40n;
    const shares = sharesOf([
      { label: 'A', amount: big * 3n },
      { label: 'B', amount: big },
    ]);
    expect(shares.map((s) => percentText(s.basisPoints))).toEqual(['75.00%', '25.00%']);
    expect(amountText(big)).toBe('10,000,000,000,000,000,000,000,000,000,000,000,000,000');
  });

  it('gives no shares for nothing or only zeros', () => {
    expect(sharesOf([])).toEqual([]);
    expect(sharesOf([{ label: 'A', amount: 0n }])).toEqual([]);
  });
});
