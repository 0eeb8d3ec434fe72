/**
 * Partition and document names travel on-chain as bytes32: the UTF-8 text right-padded with zero bytes (at most 32
 * bytes). The indexer decodes them back with {@link fromBytes32Name}.
 */
export function toBytes32Name(name: string): `0x${string}` {
  const bytes = new TextEncoder().encode(name);
  if (bytes.length === 0) throw new RangeError('A name is required');
  if (bytes.length > 32) throw new RangeError('A name has at most 32 bytes (UTF-8)');
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .padEnd(64, '0')}`;
}

/** The text of a bytes32 name: trailing zero bytes dropped, UTF-8 decoded. */
export function fromBytes32Name(value: string): string {
  if (!/^0x[0-9a-fA-F]{64}$/.test(value)) throw new RangeError('Expected a 0x-prefixed 32-byte hex value');
  const bytes = Uint8Array.from(value.slice(2).match(/../g)!, (pair) => Number.parseInt(pair, 16));
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return new TextDecoder().decode(bytes.subarray(0, end));
}
