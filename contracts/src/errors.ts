/** A revert decoded: Error(string) gives `reason`; Panic(uint256) and custom errors give `name` and `args`. */
export type DecodedRevert = {
  name: string;
  /** `Name(type,type)`. */
  signature: string;
  /** The 4-byte selector, e.g. '0xe450d38c' for ERC20InsufficientBalance(address,uint256,uint256). */
  selector: string;
  /** Addresses as lowercase hex strings, integers as bigint, strings as strings. */
  args: readonly unknown[];
  /** The text of Error(string). */
  reason?: string;
};

type StaticType = 'address' | 'uint256';

/**
 * Every custom error the ABIs of our contracts declare (OpenZeppelin's ERC-20 errors come with TestStableToken's,
 * SafeERC20's and MerkleProof's with the Distributor's), by selector, plus Panic(uint256). A table rather than the
 * artifacts themselves, so that the console's first load carries neither ethers nor bytecode; errors.test.ts checks
 * it against every error fragment of the ABIs, so a contract's new error fails the test until it is listed here.
 */
export const contractErrors: Readonly<Record<string, { name: string; inputs: readonly StaticType[] }>> = {
  '0xe450d38c': { name: 'ERC20InsufficientBalance', inputs: ['address', 'uint256', 'uint256'] },
  '0xfb8f41b2': { name: 'ERC20InsufficientAllowance', inputs: ['address', 'uint256', 'uint256'] },
  '0xe602df05': { name: 'ERC20InvalidApprover', inputs: ['address'] },
  '0xec442f05': { name: 'ERC20InvalidReceiver', inputs: ['address'] },
  '0x96c6fd1e': { name: 'ERC20InvalidSender', inputs: ['address'] },
  '0x94280d62': { name: 'ERC20InvalidSpender', inputs: ['address'] },
  '0x5274afe7': { name: 'SafeERC20FailedOperation', inputs: ['address'] },
  '0x35140492': { name: 'MerkleProofInvalidMultiproof', inputs: [] },
  '0x4e487b71': { name: 'Panic', inputs: ['uint256'] },
};

/** The selector of Error(string). */
const errorSelector = '0x08c379a0';

function word(body: string, index: number): string | undefined {
  const value = body.slice(index * 64, index * 64 + 64);
  return value.length === 64 ? value : undefined;
}

function decodeString(body: string): string | undefined {
  const offset = word(body, 0);
  if (!offset) return undefined;
  const start = Number(BigInt(`0x${offset}`)) * 2;
  const length = body.slice(start, start + 64);
  if (length.length !== 64) return undefined;
  const hex = body.slice(start + 64, start + 64 + Number(BigInt(`0x${length}`)) * 2);
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder().decode(bytes);
}

/**
 * Decodes revert data (the `data` of ethers' CALL_EXCEPTION, or a node's or wallet's error data): Error(string),
 * Panic(uint256) and every custom error of {@link contractErrors}. Null for empty, malformed or unknown data.
 */
export function decodeRevertData(data: string | null | undefined): DecodedRevert | null {
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]{8}/.test(data)) return null;
  const selector = data.slice(0, 10).toLowerCase();
  const body = data.slice(10);
  if (selector === errorSelector) {
    const reason = decodeString(body);
    if (reason === undefined) return null;
    return { name: 'Error', signature: 'Error(string)', selector, args: [reason], reason };
  }
  const known = contractErrors[selector];
  if (!known) return null;
  const args: unknown[] = [];
  for (const [index, type] of known.inputs.entries()) {
    const value = word(body, index);
    if (value === undefined) return null;
    args.push(type === 'address' ? `0x${value.slice(24)}` : BigInt(`0x${value}`));
  }
  return { name: known.name, signature: `${known.name}(${known.inputs.join(',')})`, selector, args };
}
