import { readFileSync, readdirSync } from 'node:fs';
import { encodeBytes32String } from 'ethers';
import { describe, expect, it } from 'vitest';
import { fromBytes32Name, toBytes32Name } from './names.ts';
import { revertReasons } from './reasons.ts';

describe('bytes32 names', () => {
  it('encodes like ethers and decodes back, up to 32 bytes', () => {
    expect(toBytes32Name('Common')).toBe(encodeBytes32String('Common'));
    expect(fromBytes32Name(toBytes32Name('Série B – 2026'))).toBe('Série B – 2026');
    const full = 'x'.repeat(32);
    expect(fromBytes32Name(toBytes32Name(full))).toBe(full);
    expect(() => toBytes32Name('x'.repeat(33))).toThrow(RangeError);
    expect(() => toBytes32Name('')).toThrow(RangeError);
    expect(() => fromBytes32Name('0x1234')).toThrow(RangeError);
  });
});

describe('revertReasons', () => {
  it('lists exactly the reasons the Solidity sources give', () => {
    const dir = new URL('../contracts/', import.meta.url);
    const sources = readdirSync(dir)
      .filter((file) => file.endsWith('.sol'))
      .map((file) => readFileSync(new URL(file, dir), 'utf8'))
      .join('\n');
    const found = new Set<string>();
    for (const match of sources.matchAll(/require\([^;]*?,\s*"([^"]+)"\s*\)/g)) found.add(match[1]!);
    for (const match of sources.matchAll(/revert\("([^"]+)"\)/g)) found.add(match[1]!);
    // SecurityToken reverts through _fail(text) or _fail(head, tail) (one shared encoding): the text is head + tail.
    for (const match of sources.matchAll(/_fail\("([^"]+)"(?:,\s*"([^"]+)")?\)/g))
      found.add(match[1]! + (match[2] ?? ''));
    // The transfer judgement returns (code, short reason); a refusal's reason is reverted with too.
    for (const match of sources.matchAll(/return \(0x5[02-9a-f], "([^"]+)"\)/g)) found.add(match[1]!);
    // Compliance rules and enforcement answer a bytes32 short reason, which is also the revert text.
    for (const match of sources.matchAll(/bytes32\("([^"]+)"\)/g)) found.add(match[1]!);
    // ... but for the whitelist's short reasons, which revert as '… is not verified in the whitelist'.
    found.delete('receiver is not verified');
    found.delete('sender is not verified');
    expect([...found].sort()).toEqual([...new Set(Object.values(revertReasons))].sort());
    expect(revertReasons.notAllowedToIssue).toContain('not allowed to issue tokens');
  });
});
