import { describe, expect, it } from 'vitest';
import { describeEffect, type EffectInput, shortAddress } from './effect.ts';

const base: EffectInput = {
  txType: 4,
  txData: {
    holderAddress: '0x12aa000000000000000000000000000000bb00ef',
    amount: '1000',
    partition: 'default',
  },
  symbol: 'ABC',
  keyName: 'Treasury',
  keyAddress: '0x9f3a000000000000000000000000000000001bc0',
  partitionName: 'default',
  partitionHex: '0xdefault',
  supply: 10_000n,
  holders: 57,
  partyBalances: new Map(),
  legalName: 'Investor 12',
};

describe('describeEffect', () => {
  it('issue to a new holder: supply and holders both grow', () => {
    expect(describeEffect(base)).toBe(
      'Issue 1,000 ABC to 0x12aa…00ef (Investor 12) on partition default: total supply 10,000 → 11,000; holders 57 → 58',
    );
  });

  it('issue to a holder already holding: holders stay; no name without the right to see it', () => {
    const input = { ...base, legalName: null, partyBalances: new Map([['0xother', 5n]]) };
    expect(describeEffect(input)).toBe(
      'Issue 1,000 ABC to 0x12aa…00ef on partition default: total supply 10,000 → 11,000; holders 57 → 57',
    );
  });

  it('redeem of all the key holds: one holder fewer; more than it holds says so', () => {
    const all = { ...base, txType: 3, partyBalances: new Map([['0xdefault', 1000n]]) };
    expect(describeEffect(all)).toBe(
      'Redeem 1,000 ABC from 0x9f3a…1bc0 on partition default: total supply 10,000 → 9,000; holders 57 → 56',
    );
    const short = { ...all, partyBalances: new Map([['0xdefault', 200n]]) };
    expect(describeEffect(short)).toContain('(the key holds 200 there)');
  });

  it('pause, resume and reshard', () => {
    expect(describeEffect({ ...base, txType: 1 })).toMatch(/^Pause trading of ABC: /);
    expect(describeEffect({ ...base, txType: 2 })).toMatch(/^Resume trading of ABC: /);
    expect(
      describeEffect({
        ...base,
        txType: 5,
        txData: { minimum: '3', total: '5', recipients: 'a@x.test, b@x.test' },
      }),
    ).toBe('Reshard key Treasury (0x9f3a…1bc0) to 3 of 5 signers: a@x.test, b@x.test');
  });
});

describe('number and address text', () => {
  it('shortens addresses', () => {
    expect(shortAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678');
  });
});
