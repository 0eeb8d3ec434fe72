import { describe, expect, it } from 'vitest';
import { isAddress, shortenAddress, toChecksumAddress } from './address.ts';

describe('toChecksumAddress', () => {
  it('produces the EIP-55 test vectors', () => {
    for (const expected of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(toChecksumAddress(expected.toLowerCase())).toBe(expected);
    }
  });
  it('leaves non-addresses alone', () => {
    expect(toChecksumAddress('not an address')).toBe('not an address');
    expect(isAddress('0x123')).toBe(false);
  });
});

describe('shortenAddress', () => {
  it('keeps the head and tail', () => {
    expect(shortenAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('0x5aAe…eAed');
    expect(shortenAddress('0x1234')).toBe('0x1234');
  });
});
