import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

const addressPattern = /^0x[0-9a-fA-F]{40}$/;

export function isAddress(value: string): boolean {
  return addressPattern.test(value);
}

/** EIP-55 mixed-case checksum; returns the input unchanged when it is not a 20-byte hex address. */
export function toChecksumAddress(value: string): string {
  if (!isAddress(value)) return value;
  const lower = value.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const char = lower[i] as string;
    out += Number.parseInt(hash[i] as string, 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/** 0x1234…abcd: the first `head` hex digits and the last `tail`. */
export function shortenAddress(value: string, head = 4, tail = 4): string {
  if (value.length <= 2 + head + tail + 1) return value;
  const prefix = value.startsWith('0x') ? 2 : 0;
  return `${value.slice(0, prefix + head)}…${value.slice(-tail)}`;
}
