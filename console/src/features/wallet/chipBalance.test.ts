import { describe, expect, it } from 'vitest';
import { formatEthBalance } from './chipBalance.ts';

describe('the wallet chip ETH balance', () => {
  it('shows whole ETH with separators and at most four decimals, never rounded up', () => {
    expect(formatEthBalance(9_999_987_654_321_000_000_000n)).toBe('9,999.9876 ETH');
    expect(formatEthBalance(10n * 10n ** 18n)).toBe('10.00 ETH');
    expect(formatEthBalance(0n)).toBe('0.00 ETH');
  });
});
