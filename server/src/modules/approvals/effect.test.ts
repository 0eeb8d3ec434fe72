import { describe, expect, it } from 'vitest';
import { getAddress } from 'ethers';
import { describeEffect, type EffectInput, fullAddress, groupDigits } from './effect.ts';

const holder = '0x12aa000000000000000000000000000000bb00ef';
const key = '0x9f3a000000000000000000000000000000001bc0';
/** The recipient and the key as the approver reads them: in full, checksummed. */
const holderText = '0x12aA000000000000000000000000000000Bb00ef';
const keyText = '0x9F3A000000000000000000000000000000001bc0';

const base: EffectInput = {
  txType: 4,
  txData: {
    holderAddress: holder,
    amount: '1000',
    partition: 'default',
  },
  symbol: 'ABC',
  keyName: 'Treasury',
  keyAddress: key,
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
      `Issue 1,000 ABC to ${holderText} (Investor 12) on partition default: total supply 10,000 → 11,000; holders 57 → 58`,
    );
  });

  it('issue to a holder already holding: holders stay; no name without the right to see it', () => {
    const input = { ...base, legalName: null, partyBalances: new Map([['0xother', 5n]]) };
    expect(describeEffect(input)).toBe(
      `Issue 1,000 ABC to ${holderText} on partition default: total supply 10,000 → 11,000; holders 57 → 57`,
    );
  });

  it('redeem of all the key holds: one holder fewer; more than it holds says so', () => {
    const all = { ...base, txType: 3, partyBalances: new Map([['0xdefault', 1000n]]) };
    expect(describeEffect(all)).toBe(
      `Redeem 1,000 ABC from ${keyText} on partition default: total supply 10,000 → 9,000; holders 57 → 56`,
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
    ).toBe(`Reshard key Treasury (${keyText}) to 3 of 5 signers: a@x.test, b@x.test`);
  });
});

describe('number and address text', () => {
  it('groups digits of integers of any size', () => {
    expect(groupDigits(0n)).toBe('0');
    expect(groupDigits(999n)).toBe('999');
    expect(groupDigits(1_234_567n)).toBe('1,234,567');
    expect(groupDigits(-1000n)).toBe('-1,000');
    expect(groupDigits(10n ** 30n)).toBe('1,000,000,000,000,000,000,000,000,000,000');
  });
  it('writes addresses in full, checksummed; two look-alike addresses stay apart', () => {
    const lookAlike = '0x12aa0000000000000000000000ffffffffbb00ef';
    expect(fullAddress(holder)).toBe(holderText);
    expect(fullAddress(lookAlike)).not.toBe(fullAddress(holder));
    expect(describeEffect({ ...base, txData: { ...base.txData, holderAddress: lookAlike } })).toContain(
      getAddress(lookAlike),
    );
    expect(fullAddress('not an address')).toBe('not an address');
  });
  it('enforcement: freezes, partial freezes and recoveries name the holder and the amounts', () => {
    const held = { ...base, partyBalances: new Map([['0xdefault', 800n]]) };
    expect(
      describeEffect({
        ...held,
        txType: 12,
        txData: { holderAddress: holder, partition: 'default', amount: '500', action: 'freeze' },
      }),
    ).toBe(`Freeze 500 of default held by Investor 12 (${holderText}) on ABC (it holds 800 there)`);
    expect(describeEffect({ ...held, txType: 11, txData: { holderAddress: holder, frozen: 'true' } })).toBe(
      `Freeze Investor 12 (${holderText}) on ABC: it can neither send nor receive until it is unfrozen; it holds 800`,
    );
    expect(
      describeEffect({ ...held, txType: 11, txData: { holderAddress: holder, frozen: 'false' } }),
    ).toMatch(/^Unfreeze Investor 12 /);
    expect(describeEffect({ ...held, txType: 13, txData: { lostAddress: holder, newAddress: key } })).toBe(
      `Recover Investor 12's wallet ${holderText} to ${keyText} on ABC: its 800 tokens, frozen amounts and freeze move; the lost wallet is refused for ever`,
    );
  });
});
