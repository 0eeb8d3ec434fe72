import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from './units.ts';

describe('formatAmount', () => {
  it('groups thousands and shows the asset decimals and symbol, from base units', () => {
    expect(formatAmount(35_250_000_000n, { decimals: 6, symbol: 'tUSD' })).toBe('35,250.00 tUSD');
    expect(formatAmount('35250000000', { decimals: 6, symbol: 'tUSD' })).toBe('35,250.00 tUSD');
    expect(formatAmount('5500')).toBe('5,500');
    expect(formatAmount(0n, { decimals: 6 })).toBe('0.00');
    expect(formatAmount('-1234567')).toBe('-1,234,567');
    expect(formatAmount(10n ** 30n)).toBe('1,000,000,000,000,000,000,000,000,000,000');
  });

  it('never rounds: digits past the two shown are kept, through bigint, beyond what a float holds', () => {
    expect(formatAmount(1n, { decimals: 6, symbol: 'tUSD' })).toBe('0.000001 tUSD');
    expect(formatAmount(1_234_567_891n, { decimals: 6 })).toBe('1,234.567891');
    expect(formatAmount('123456789012345678901234567890', { decimals: 18 })).toBe(
      '123,456,789,012.34567890123456789',
    );
    expect(formatAmount(10n ** 18n, { decimals: 18, symbol: 'ETH', minFractionDigits: 0 })).toBe('1 ETH');
    expect(formatAmount('340282366920938463463374607431768211455', { decimals: 18 })).toBe(
      '340,282,366,920,938,463,463.374607431768211455',
    );
  });

  it('returns what is not an integer as it is', () => {
    expect(formatAmount('1.5')).toBe('1.5');
    expect(formatAmount('')).toBe('0');
  });
});

describe('parseAmount', () => {
  it('reads asset units into base units with parseUnits semantics', () => {
    expect(parseAmount('35,250', 6)).toBe(35_250_000_000n);
    expect(parseAmount('35250.5', 6)).toBe(35_250_500_000n);
    expect(parseAmount('.5', 6)).toBe(500_000n);
    expect(parseAmount(' 7 ', 0)).toBe(7n);
  });

  it('refuses more fraction digits than the asset has, and what is not a number', () => {
    expect(parseAmount('1.0000001', 6)).toBeNull();
    expect(parseAmount('1.5', 0)).toBeNull();
    expect(parseAmount('abc', 6)).toBeNull();
    expect(parseAmount('-1', 6)).toBeNull();
    expect(parseAmount('', 6)).toBeNull();
    expect(parseAmount('1e6', 6)).toBeNull();
  });
});
