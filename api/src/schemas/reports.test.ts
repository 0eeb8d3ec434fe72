import { describe, expect, it } from 'vitest';
import { sharePercent, sharesPercent } from './reports.ts';

describe('report shares', () => {
  it('gives a share with two decimals, rounded to the nearest, by integer arithmetic', () => {
    expect(sharePercent(1000n, 1500n)).toBe('66.67');
    expect(sharePercent('1', '3')).toBe('33.33');
    expect(sharePercent(1n, 20_000n)).toBe('0.01');
    expect(sharePercent(5n, 0n)).toBe('0.00');
    expect(sharePercent(10n ** 70n, 3n * 10n ** 70n)).toBe('33.33');
  });

  it('gives shares that add up to 100.00, the largest remainders rounded up', () => {
    expect(sharesPercent([3_750_000n, 2_500_000n, 1_250_000n])).toEqual(['50.00', '33.33', '16.67']);
    expect(sharesPercent([1n, 1n, 1n])).toEqual(['33.34', '33.33', '33.33']);
    expect(sharesPercent([0n, 7n])).toEqual(['0.00', '100.00']);
    expect(sharesPercent([0n, 0n])).toEqual(['0.00', '0.00']);
  });
});
