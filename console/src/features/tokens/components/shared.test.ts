import { encodeBytes32String } from 'ethers';
import { describe, expect, it } from 'vitest';
import { balanceCaption, documentHashBytes, holdersCsv, partitionBytes, secondsOf } from './shared.tsx';

describe('token helpers', () => {
  it('encodes partitions by name and keeps bytes32 hex', () => {
    expect(partitionBytes(' CLASS-A ')).toBe(encodeBytes32String('CLASS-A'));
    const hex = encodeBytes32String('X');
    expect(partitionBytes(hex)).toBe(hex);
  });
  it('pads document hashes to 32 bytes', () => {
    expect(documentHashBytes('')).toBe(`0x${'0'.repeat(64)}`);
    expect(documentHashBytes('abc')).toBe(`0x${'0'.repeat(60)}0abc`);
  });
  it('reads the history bounds as local times', () => {
    const end = secondsOf('2026-01-02', 23, 59);
    expect(new Date(end * 1000).getHours()).toBe(23);
    expect(secondsOf('1970-01-01', 0, 0)).toBeGreaterThanOrEqual(0);
  });
  it('captions a balance checked without a block (or at block 0) as current, though the server names its block', () => {
    expect(balanceCaption('0xa', 0, 1234)).toBe('Balance of 0xa (current)');
    expect(balanceCaption('0xa', 12, 12)).toBe('Balance of 0xa at block 12');
  });
  it('writes the cap table as CSV, quoting what needs it', () => {
    expect(
      holdersCsv([
        { holderAddress: '0xa', legalName: 'Doe, "J"', balance: '10', verificationTransactionHash: null },
      ]),
    ).toBe('holderAddress,legalName,balance,verificationTransactionHash\r\n0xa,"Doe, ""J""",10,\r\n');
  });
});
