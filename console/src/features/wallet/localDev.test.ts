import { describe, expect, it } from 'vitest';
import { formatBalance } from './localDev.ts';

describe('formatBalance', () => {
  it('shows base units as whole units with separators and at most four decimals', () => {
    expect(formatBalance('10000000000000000000', 18)).toBe('10');
    expect(formatBalance('1000000000000', 6)).toBe('1,000,000');
    expect(formatBalance('1234567891', 6)).toBe('1,234.5678');
    expect(formatBalance('0', 18)).toBe('0');
    expect(formatBalance('9999999999999999', 18)).toBe('0.0099');
  });
});
