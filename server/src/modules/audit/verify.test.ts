import { keccakReady, registerRoot } from '@tranche/contracts';
import { hexlify, keccak256 as ethersKeccak, randomBytes } from 'ethers';
import { describe, expect, it } from 'vitest';
import { keccak256, parseCsv, registerMerkleRoot, registerRows } from './verify.mjs';

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;

describe("the pack verifier's own keccak256 and register root (plain Node, no dependency)", () => {
  it("hashes like ethers' keccak256 at every length around the 136-byte rate", () => {
    for (const length of [0, 1, 31, 32, 64, 96, 135, 136, 137, 271, 272, 273, 1000]) {
      for (let k = 0; k < 3; k += 1) {
        const data = randomBytes(length);
        expect(hex(keccak256(data))).toBe(ethersKeccak(data));
      }
    }
  });

  it("gives the server's register root (StandardMerkleTree, leaves unsorted) for 0 to 100 rows", async () => {
    await keccakReady();
    for (const count of [0, 1, 2, 3, 7, 100]) {
      const rows = Array.from({ length: count }, (_, i) => ({
        address: hexlify(randomBytes(20)),
        partition: hexlify(randomBytes(32)),
        balance: i === 0 ? (1n << 255n) + 7n : BigInt(i) * 10n ** 18n + 1n,
      }));
      expect(registerMerkleRoot(rows.map((row) => ({ ...row, balance: row.balance.toString() })))).toBe(
        registerRoot(rows),
      );
    }
  });

  it('reads a quoted cell holding a line break as one cell', () => {
    expect(parseCsv('a,b\r\n"x\r\ny",2\r\nz,3\r\n')).toEqual([
      ['a', 'b'],
      ['x\r\ny', '2'],
      ['z', '3'],
    ]);
  });

  it('reads register.csv with quoted names holding commas and quotes', () => {
    const text =
      'address,partition,partitionName,balance,legalName\r\n' +
      `0x${'a'.repeat(40)},0x${'1'.repeat(64)},"A, B",42,"Smith, ""Jo"""\r\n` +
      `0x${'b'.repeat(40)},0x${'2'.repeat(64)},C,7,\r\n`;
    expect(parseCsv(text)[1]).toEqual([
      `0x${'a'.repeat(40)}`,
      `0x${'1'.repeat(64)}`,
      'A, B',
      '42',
      'Smith, "Jo"',
    ]);
    expect(registerRows(text)).toEqual([
      { address: `0x${'a'.repeat(40)}`, partition: `0x${'1'.repeat(64)}`, balance: '42' },
      { address: `0x${'b'.repeat(40)}`, partition: `0x${'2'.repeat(64)}`, balance: '7' },
    ]);
  });

  it('recomputes the root of 10,000 rows in well under the 10 s the whole verification may take', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      address: hexlify(randomBytes(20)),
      partition: hexlify(randomBytes(32)),
      balance: String(i + 1),
    }));
    const started = performance.now();
    registerMerkleRoot(rows);
    const ms = performance.now() - started;
    console.info(`register root of 10,000 rows recomputed in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(5000);
  });
});
