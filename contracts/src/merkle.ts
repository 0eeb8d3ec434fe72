import { createKeccak, type IHasher } from 'hash-wasm';
import jsSha3 from 'js-sha3';

/**
 * keccak256 through hash-wasm's WebAssembly keccak (one instance reused: init, update, digest) once it is loaded, and
 * through js-sha3 until then (the two give the same bytes; merkle.test.ts builds the same trees with each). Loading is
 * asynchronous and starts on the first `keccakReady()` or hash; Node callers that build large trees await
 * `keccakReady()` first. Per 96-byte hash, hash-wasm takes about 0.75 of js-sha3's time and allocates less
 * (bench/distributions).
 */
let wasm: IHasher | undefined;
let loading: Promise<void> | undefined;

/** Resolves when the WebAssembly keccak is loaded (every hash after it uses it). */
export function keccakReady(): Promise<void> {
  loading ??= createKeccak(256).then((hasher) => {
    wasm = hasher;
  });
  return loading;
}

/** Which keccak the trees use now. */
export function keccakEngine(): 'hash-wasm' | 'js-sha3' {
  return wasm ? 'hash-wasm' : 'js-sha3';
}

function keccak(data: Uint8Array): Uint8Array {
  if (wasm) {
    wasm.init();
    wasm.update(data);
    return wasm.digest('binary');
  }
  void keccakReady();
  return new Uint8Array(jsSha3.keccak256.arrayBuffer(data));
}

/**
 * Merkle trees in exactly the form of OpenZeppelin's `StandardMerkleTree` with `sortLeaves: false` (a test proves
 * equal roots, proofs and multiproofs): leaf = keccak256(keccak256(abi.encode(...three static words))), node =
 * keccak256 of the two children sorted as bytes, the tree stored as an array (root at 0, children of i at 2i+1 and
 * 2i+2, leaf i at length-1-i). Written over byte arrays because the library's hex strings build 100,000 leaves
 * about twenty times slower.
 */

const WORD = 32;

/** One ABI word of a leaf (written into a zeroed target): an address (20 bytes, left-padded) or a uint256 / bytes32. */
export type LeafWord = { address: string } | { uint: bigint } | { bytes32: string };

function writeWord(target: Uint8Array, offset: number, word: LeafWord): void {
  if ('address' in word) {
    writeHex(target, offset + 12, word.address, 20);
  } else if ('bytes32' in word) {
    writeHex(target, offset, word.bytes32, 32);
  } else {
    const value = word.uint;
    if (value < 0n || value >= 1n << 256n) throw new RangeError('uint256 out of range');
    // Small values (the usual case) fit a double exactly: no BigInt arithmetic per byte.
    if (value <= 0x1fffffffffffffn) {
      let small = Number(value);
      for (let i = offset + WORD - 1; small > 0; i -= 1) {
        target[i] = small % 256;
        small = Math.floor(small / 256);
      }
    } else {
      writeHex(target, offset, value.toString(16).padStart(64, '0'), 32);
    }
  }
}

function writeHex(target: Uint8Array, offset: number, hex: string, bytes: number): void {
  const digits = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (digits.length !== bytes * 2 || !/^[0-9a-fA-F]*$/.test(digits)) {
    throw new RangeError(`expected ${bytes} bytes of hex, got ${hex}`);
  }
  for (let i = 0; i < bytes; i += 1) {
    target[offset + i] = (nibble(digits.charCodeAt(2 * i)) << 4) | nibble(digits.charCodeAt(2 * i + 1));
  }
}

function nibble(code: number): number {
  // '0'-'9', 'A'-'F', 'a'-'f' (checked by the caller's pattern).
  return code <= 57 ? code - 48 : (code | 32) - 87;
}

const hexDigits = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function toHex(bytes: Uint8Array, offset: number): string {
  let out = '0x';
  for (let i = offset; i < offset + WORD; i += 1) out += hexDigits[bytes[i]!];
  return out;
}

/** keccak256(keccak256(abi.encode(words))): the standard leaf hash. */
export function leafHash(words: readonly LeafWord[]): Uint8Array {
  const encoded = new Uint8Array(words.length * WORD);
  for (const [i, word] of words.entries()) writeWord(encoded, i * WORD, word);
  return keccak(keccak(encoded));
}

export class MerkleTree {
  /** (2n − 1) nodes of 32 bytes. */
  private readonly nodes: Uint8Array;
  readonly length: number;

  constructor(leaves: readonly Uint8Array[]) {
    if (leaves.length === 0) throw new RangeError('a Merkle tree needs at least one leaf');
    this.length = leaves.length;
    const size = 2 * leaves.length - 1;
    const nodes = new Uint8Array(size * WORD);
    for (const [i, leaf] of leaves.entries()) nodes.set(leaf, (size - 1 - i) * WORD);
    const pair = new Uint8Array(2 * WORD);
    for (let i = size - 1 - leaves.length; i >= 0; i -= 1) {
      const left = (2 * i + 1) * WORD;
      const right = (2 * i + 2) * WORD;
      const [first, second] = compare(nodes, left, right) <= 0 ? [left, right] : [right, left];
      pair.set(nodes.subarray(first, first + WORD), 0);
      pair.set(nodes.subarray(second, second + WORD), WORD);
      nodes.set(keccak(pair), i * WORD);
    }
    this.nodes = nodes;
  }

  get root(): string {
    return toHex(this.nodes, 0);
  }

  private treeIndex(leaf: number): number {
    if (!Number.isInteger(leaf) || leaf < 0 || leaf >= this.length) throw new RangeError(`no leaf ${leaf}`);
    return 2 * this.length - 2 - leaf;
  }

  /** The proof of leaf `leaf` (its index in the leaves given), for `MerkleProof.verify`. */
  proof(leaf: number): string[] {
    const proof: string[] = [];
    let index = this.treeIndex(leaf);
    while (index > 0) {
      proof.push(toHex(this.nodes, sibling(index) * WORD));
      index = (index - 1) >> 1;
    }
    return proof;
  }

  /**
   * A multiproof for `MerkleProof.multiProofVerify`: `leaves` lists the leaf numbers in the order the contract must
   * hash them (ascending), with the proof and its flags.
   */
  multiProof(leaves: readonly number[]): { leaves: number[]; proof: string[]; proofFlags: boolean[] } {
    const indexes = leaves.map((leaf) => this.treeIndex(leaf)).sort((a, b) => b - a);
    if (indexes.some((index, i) => i > 0 && index === indexes[i - 1])) {
      throw new RangeError('a multiproof cannot prove the same leaf twice');
    }
    const queue = [...indexes];
    let head = 0;
    const proof: string[] = [];
    const proofFlags: boolean[] = [];
    while (head < queue.length && queue[head]! > 0) {
      const index = queue[head]!;
      head += 1;
      const other = sibling(index);
      if (head < queue.length && queue[head] === other) {
        proofFlags.push(true);
        head += 1;
      } else {
        proofFlags.push(false);
        proof.push(toHex(this.nodes, other * WORD));
      }
      queue.push((index - 1) >> 1);
    }
    if (indexes.length === 0) proof.push(this.root);
    return { leaves: indexes.map((index) => 2 * this.length - 2 - index), proof, proofFlags };
  }
}

function sibling(index: number): number {
  return index % 2 === 1 ? index + 1 : index - 1;
}

function compare(bytes: Uint8Array, a: number, b: number): number {
  for (let i = 0; i < WORD; i += 1) {
    const d = bytes[a + i]! - bytes[b + i]!;
    if (d !== 0) return d;
  }
  return 0;
}
