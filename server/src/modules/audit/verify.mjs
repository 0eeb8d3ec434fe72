#!/usr/bin/env node
// Tranche regulator pack verifier: one file, Node.js (>= 18) only, no dependencies.
//
//   node verify.mjs <pack.zip | extracted folder> --rpc <JSON-RPC URL>
//
// Without a path it verifies the folder it sits in (the pack extracted). It reads the zip itself (stored or deflated
// entries), so `node verify.mjs pack.zip --rpc ...` works with nothing but the pack and this file. It checks:
//   1. every file's SHA-256 against manifest.json, and that no file is missing or added;
//   2. the Ed25519 signature (manifest.sig) of manifest.json under the platform key the manifest names;
//   3. the hash chain of log.jsonl (each entry's hash over the previous hash and the digest of its canonical form);
//   4. each anchor of anchors.json: its hash is the chain's at its entry, and (with --rpc) the chain holds the
//      anchor transaction from the platform's anchor address, mined at the recorded block, carrying that hash;
//   5. the register's Merkle root, recomputed from the rows of register.csv, against the root manifest.json states
//      (OpenZeppelin StandardMerkleTree over (address, bytes32 partition, uint256 balance), leaves in the file's
//      order, unsorted; zero for an empty register), so a register whose digest was recomputed is still caught.
// Exit code 0 when everything holds, 1 otherwise (the first problem is named, with the file).
// The server imports the hashing functions below, so the pack and the server hash entries the same way.
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

export const genesisHash = '0'.repeat(64);
export const anchorPrefix = 'tranche-audit:';

/** JSON with keys sorted at every depth and no whitespace; undefined becomes null. */
export function canonicalJson(value) {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  return JSON.stringify(value);
}

export function sha256Hex(data) {
  return createHash('sha256').update(data).digest('hex');
}

/** The fields of an entry that are hashed, in their canonical form. */
export function entryContent(entry) {
  return {
    seq: Number(entry.seq),
    at: entry.at,
    accountId: entry.accountId ?? null,
    actor: entry.actor ?? null,
    requestId: entry.requestId ?? null,
    symbol: entry.symbol ?? null,
    object: entry.object ?? null,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}

/** SHA-256 (hex) of an entry's canonical encoding. */
export function entryDigest(entry) {
  return sha256Hex(canonicalJson(entryContent(entry)));
}

/** An entry's hash: SHA-256 over the previous hash and the entry's digest (32 bytes each). */
export function chainHash(prevHash, digest) {
  return createHash('sha256')
    .update(Buffer.from(prevHash, 'hex'))
    .update(Buffer.from(digest, 'hex'))
    .digest('hex');
}

/** The calldata of an anchor transaction: the prefix, the head's seq (8 bytes) and its hash. */
export function anchorCalldata(seq, hash) {
  const seqBytes = Buffer.alloc(8);
  seqBytes.writeBigUInt64BE(BigInt(seq));
  return `0x${Buffer.concat([Buffer.from(anchorPrefix, 'utf8'), seqBytes, Buffer.from(hash, 'hex')]).toString('hex')}`;
}

/**
 * Walks a chain of entries in seq order. An entry is either full (its content is hashed) or redacted
 * ({seq, digest, prevHash, hash}: another token's, its digest given). Answers the recomputed hash of every seq and the
 * first entry whose link or hash does not hold.
 */
export function walkChain(entries) {
  const hashes = new Map();
  let previous = genesisHash;
  let expectedSeq = entries.length > 0 ? Number(entries[0].seq) : 1;
  for (const entry of entries) {
    const seq = Number(entry.seq);
    if (seq !== expectedSeq)
      return { hashes, broken: { seq: expectedSeq, reason: `entry ${expectedSeq} is missing` } };
    const digest = entry.action === undefined ? entry.digest : entryDigest(entry);
    if (entry.prevHash !== previous)
      return { hashes, broken: { seq, reason: `entry ${seq} does not follow the previous entry's hash` } };
    const hash = chainHash(previous, digest);
    if (hash !== entry.hash)
      return {
        hashes,
        broken: { seq, reason: `entry ${seq} was changed: its hash does not match its content` },
      };
    hashes.set(seq, hash);
    previous = hash;
    expectedSeq = seq + 1;
  }
  return { hashes, broken: null };
}

// ---- the register's Merkle root ---------------------------------------------------------------------------------
// keccak256 written out (Node's crypto has SHA3-256, whose padding differs), with 64-bit lanes as two 32-bit words.

const roundConstants = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
].flatMap((c) => [Number(c & 0xffffffffn), Number(c >> 32n)]);
// One permutation (24 rounds of theta, rho and pi, chi, iota), written out over 50 local words: lane x + 5y is
// a(2i) (low word) and a(2i + 1) (high word), i = x + 5y; rho's rotations and pi's moves (lane i to
// y + 5((2x + 3y) mod 5)) are inlined. Generated: a loop over index tables is about three times slower.
function keccakPermute(s) {
  let a0 = s[0];
  let a1 = s[1];
  let a2 = s[2];
  let a3 = s[3];
  let a4 = s[4];
  let a5 = s[5];
  let a6 = s[6];
  let a7 = s[7];
  let a8 = s[8];
  let a9 = s[9];
  let a10 = s[10];
  let a11 = s[11];
  let a12 = s[12];
  let a13 = s[13];
  let a14 = s[14];
  let a15 = s[15];
  let a16 = s[16];
  let a17 = s[17];
  let a18 = s[18];
  let a19 = s[19];
  let a20 = s[20];
  let a21 = s[21];
  let a22 = s[22];
  let a23 = s[23];
  let a24 = s[24];
  let a25 = s[25];
  let a26 = s[26];
  let a27 = s[27];
  let a28 = s[28];
  let a29 = s[29];
  let a30 = s[30];
  let a31 = s[31];
  let a32 = s[32];
  let a33 = s[33];
  let a34 = s[34];
  let a35 = s[35];
  let a36 = s[36];
  let a37 = s[37];
  let a38 = s[38];
  let a39 = s[39];
  let a40 = s[40];
  let a41 = s[41];
  let a42 = s[42];
  let a43 = s[43];
  let a44 = s[44];
  let a45 = s[45];
  let a46 = s[46];
  let a47 = s[47];
  let a48 = s[48];
  let a49 = s[49];
  let c0l,
    c0h,
    d0l,
    d0h,
    c1l,
    c1h,
    d1l,
    d1h,
    c2l,
    c2h,
    d2l,
    d2h,
    c3l,
    c3h,
    d3l,
    d3h,
    c4l,
    c4h,
    d4l,
    d4h,
    tl,
    th;
  let b0l,
    b0h,
    b1l,
    b1h,
    b2l,
    b2h,
    b3l,
    b3h,
    b4l,
    b4h,
    b5l,
    b5h,
    b6l,
    b6h,
    b7l,
    b7h,
    b8l,
    b8h,
    b9l,
    b9h,
    b10l,
    b10h,
    b11l,
    b11h,
    b12l,
    b12h,
    b13l,
    b13h,
    b14l,
    b14h,
    b15l,
    b15h,
    b16l,
    b16h,
    b17l,
    b17h,
    b18l,
    b18h,
    b19l,
    b19h,
    b20l,
    b20h,
    b21l,
    b21h,
    b22l,
    b22h,
    b23l,
    b23h,
    b24l,
    b24h;
  for (let round = 0; round < 48; round += 2) {
    c0l = a0 ^ a10 ^ a20 ^ a30 ^ a40;
    c0h = a1 ^ a11 ^ a21 ^ a31 ^ a41;
    c1l = a2 ^ a12 ^ a22 ^ a32 ^ a42;
    c1h = a3 ^ a13 ^ a23 ^ a33 ^ a43;
    c2l = a4 ^ a14 ^ a24 ^ a34 ^ a44;
    c2h = a5 ^ a15 ^ a25 ^ a35 ^ a45;
    c3l = a6 ^ a16 ^ a26 ^ a36 ^ a46;
    c3h = a7 ^ a17 ^ a27 ^ a37 ^ a47;
    c4l = a8 ^ a18 ^ a28 ^ a38 ^ a48;
    c4h = a9 ^ a19 ^ a29 ^ a39 ^ a49;
    d0l = c4l ^ ((c1l << 1) | (c1h >>> 31));
    d0h = c4h ^ ((c1h << 1) | (c1l >>> 31));
    d1l = c0l ^ ((c2l << 1) | (c2h >>> 31));
    d1h = c0h ^ ((c2h << 1) | (c2l >>> 31));
    d2l = c1l ^ ((c3l << 1) | (c3h >>> 31));
    d2h = c1h ^ ((c3h << 1) | (c3l >>> 31));
    d3l = c2l ^ ((c4l << 1) | (c4h >>> 31));
    d3h = c2h ^ ((c4h << 1) | (c4l >>> 31));
    d4l = c3l ^ ((c0l << 1) | (c0h >>> 31));
    d4h = c3h ^ ((c0h << 1) | (c0l >>> 31));
    tl = a0 ^ d0l;
    th = a1 ^ d0h;
    b0l = tl;
    b0h = th;
    tl = a2 ^ d1l;
    th = a3 ^ d1h;
    b10l = (tl << 1) | (th >>> 31);
    b10h = (th << 1) | (tl >>> 31);
    tl = a4 ^ d2l;
    th = a5 ^ d2h;
    b20l = (th << 30) | (tl >>> 2);
    b20h = (tl << 30) | (th >>> 2);
    tl = a6 ^ d3l;
    th = a7 ^ d3h;
    b5l = (tl << 28) | (th >>> 4);
    b5h = (th << 28) | (tl >>> 4);
    tl = a8 ^ d4l;
    th = a9 ^ d4h;
    b15l = (tl << 27) | (th >>> 5);
    b15h = (th << 27) | (tl >>> 5);
    tl = a10 ^ d0l;
    th = a11 ^ d0h;
    b16l = (th << 4) | (tl >>> 28);
    b16h = (tl << 4) | (th >>> 28);
    tl = a12 ^ d1l;
    th = a13 ^ d1h;
    b1l = (th << 12) | (tl >>> 20);
    b1h = (tl << 12) | (th >>> 20);
    tl = a14 ^ d2l;
    th = a15 ^ d2h;
    b11l = (tl << 6) | (th >>> 26);
    b11h = (th << 6) | (tl >>> 26);
    tl = a16 ^ d3l;
    th = a17 ^ d3h;
    b21l = (th << 23) | (tl >>> 9);
    b21h = (tl << 23) | (th >>> 9);
    tl = a18 ^ d4l;
    th = a19 ^ d4h;
    b6l = (tl << 20) | (th >>> 12);
    b6h = (th << 20) | (tl >>> 12);
    tl = a20 ^ d0l;
    th = a21 ^ d0h;
    b7l = (tl << 3) | (th >>> 29);
    b7h = (th << 3) | (tl >>> 29);
    tl = a22 ^ d1l;
    th = a23 ^ d1h;
    b17l = (tl << 10) | (th >>> 22);
    b17h = (th << 10) | (tl >>> 22);
    tl = a24 ^ d2l;
    th = a25 ^ d2h;
    b2l = (th << 11) | (tl >>> 21);
    b2h = (tl << 11) | (th >>> 21);
    tl = a26 ^ d3l;
    th = a27 ^ d3h;
    b12l = (tl << 25) | (th >>> 7);
    b12h = (th << 25) | (tl >>> 7);
    tl = a28 ^ d4l;
    th = a29 ^ d4h;
    b22l = (th << 7) | (tl >>> 25);
    b22h = (tl << 7) | (th >>> 25);
    tl = a30 ^ d0l;
    th = a31 ^ d0h;
    b23l = (th << 9) | (tl >>> 23);
    b23h = (tl << 9) | (th >>> 23);
    tl = a32 ^ d1l;
    th = a33 ^ d1h;
    b8l = (th << 13) | (tl >>> 19);
    b8h = (tl << 13) | (th >>> 19);
    tl = a34 ^ d2l;
    th = a35 ^ d2h;
    b18l = (tl << 15) | (th >>> 17);
    b18h = (th << 15) | (tl >>> 17);
    tl = a36 ^ d3l;
    th = a37 ^ d3h;
    b3l = (tl << 21) | (th >>> 11);
    b3h = (th << 21) | (tl >>> 11);
    tl = a38 ^ d4l;
    th = a39 ^ d4h;
    b13l = (tl << 8) | (th >>> 24);
    b13h = (th << 8) | (tl >>> 24);
    tl = a40 ^ d0l;
    th = a41 ^ d0h;
    b14l = (tl << 18) | (th >>> 14);
    b14h = (th << 18) | (tl >>> 14);
    tl = a42 ^ d1l;
    th = a43 ^ d1h;
    b24l = (tl << 2) | (th >>> 30);
    b24h = (th << 2) | (tl >>> 30);
    tl = a44 ^ d2l;
    th = a45 ^ d2h;
    b9l = (th << 29) | (tl >>> 3);
    b9h = (tl << 29) | (th >>> 3);
    tl = a46 ^ d3l;
    th = a47 ^ d3h;
    b19l = (th << 24) | (tl >>> 8);
    b19h = (tl << 24) | (th >>> 8);
    tl = a48 ^ d4l;
    th = a49 ^ d4h;
    b4l = (tl << 14) | (th >>> 18);
    b4h = (th << 14) | (tl >>> 18);
    a0 = b0l ^ (~b1l & b2l);
    a1 = b0h ^ (~b1h & b2h);
    a2 = b1l ^ (~b2l & b3l);
    a3 = b1h ^ (~b2h & b3h);
    a4 = b2l ^ (~b3l & b4l);
    a5 = b2h ^ (~b3h & b4h);
    a6 = b3l ^ (~b4l & b0l);
    a7 = b3h ^ (~b4h & b0h);
    a8 = b4l ^ (~b0l & b1l);
    a9 = b4h ^ (~b0h & b1h);
    a10 = b5l ^ (~b6l & b7l);
    a11 = b5h ^ (~b6h & b7h);
    a12 = b6l ^ (~b7l & b8l);
    a13 = b6h ^ (~b7h & b8h);
    a14 = b7l ^ (~b8l & b9l);
    a15 = b7h ^ (~b8h & b9h);
    a16 = b8l ^ (~b9l & b5l);
    a17 = b8h ^ (~b9h & b5h);
    a18 = b9l ^ (~b5l & b6l);
    a19 = b9h ^ (~b5h & b6h);
    a20 = b10l ^ (~b11l & b12l);
    a21 = b10h ^ (~b11h & b12h);
    a22 = b11l ^ (~b12l & b13l);
    a23 = b11h ^ (~b12h & b13h);
    a24 = b12l ^ (~b13l & b14l);
    a25 = b12h ^ (~b13h & b14h);
    a26 = b13l ^ (~b14l & b10l);
    a27 = b13h ^ (~b14h & b10h);
    a28 = b14l ^ (~b10l & b11l);
    a29 = b14h ^ (~b10h & b11h);
    a30 = b15l ^ (~b16l & b17l);
    a31 = b15h ^ (~b16h & b17h);
    a32 = b16l ^ (~b17l & b18l);
    a33 = b16h ^ (~b17h & b18h);
    a34 = b17l ^ (~b18l & b19l);
    a35 = b17h ^ (~b18h & b19h);
    a36 = b18l ^ (~b19l & b15l);
    a37 = b18h ^ (~b19h & b15h);
    a38 = b19l ^ (~b15l & b16l);
    a39 = b19h ^ (~b15h & b16h);
    a40 = b20l ^ (~b21l & b22l);
    a41 = b20h ^ (~b21h & b22h);
    a42 = b21l ^ (~b22l & b23l);
    a43 = b21h ^ (~b22h & b23h);
    a44 = b22l ^ (~b23l & b24l);
    a45 = b22h ^ (~b23h & b24h);
    a46 = b23l ^ (~b24l & b20l);
    a47 = b23h ^ (~b24h & b20h);
    a48 = b24l ^ (~b20l & b21l);
    a49 = b24h ^ (~b20h & b21h);
    a0 ^= roundConstants[round];
    a1 ^= roundConstants[round + 1];
  }
  s[0] = a0;
  s[1] = a1;
  s[2] = a2;
  s[3] = a3;
  s[4] = a4;
  s[5] = a5;
  s[6] = a6;
  s[7] = a7;
  s[8] = a8;
  s[9] = a9;
  s[10] = a10;
  s[11] = a11;
  s[12] = a12;
  s[13] = a13;
  s[14] = a14;
  s[15] = a15;
  s[16] = a16;
  s[17] = a17;
  s[18] = a18;
  s[19] = a19;
  s[20] = a20;
  s[21] = a21;
  s[22] = a22;
  s[23] = a23;
  s[24] = a24;
  s[25] = a25;
  s[26] = a26;
  s[27] = a27;
  s[28] = a28;
  s[29] = a29;
  s[30] = a30;
  s[31] = a31;
  s[32] = a32;
  s[33] = a33;
  s[34] = a34;
  s[35] = a35;
  s[36] = a36;
  s[37] = a37;
  s[38] = a38;
  s[39] = a39;
  s[40] = a40;
  s[41] = a41;
  s[42] = a42;
  s[43] = a43;
  s[44] = a44;
  s[45] = a45;
  s[46] = a46;
  s[47] = a47;
  s[48] = a48;
  s[49] = a49;
}

const keccakState = new Int32Array(50);
const keccakRate = 136;

/** keccak256 of bytes (as Ethereum uses it), 32 bytes out (into `out` when given). */
export function keccak256(data, out = new Uint8Array(32)) {
  const s = keccakState;
  s.fill(0);
  // Whole blocks, then the last one padded (0x01 after the data, 0x80 in the block's last byte).
  let offset = 0;
  for (; data.length - offset >= keccakRate; offset += keccakRate) {
    for (let i = 0; i < keccakRate; i += 1) s[i >> 2] ^= data[offset + i] << (8 * (i & 3));
    keccakPermute(s);
  }
  const rest = data.length - offset;
  for (let i = 0; i < rest; i += 1) s[i >> 2] ^= data[offset + i] << (8 * (i & 3));
  s[rest >> 2] ^= 0x01 << (8 * (rest & 3));
  s[(keccakRate - 1) >> 2] ^= 0x80 << (8 * ((keccakRate - 1) & 3));
  keccakPermute(s);
  for (let i = 0; i < 32; i += 1) out[i] = (s[i >> 2] >>> (8 * (i & 3))) & 0xff;
  return out;
}

/** The cells of one CSV line (RFC 4180 quoting: quoted cells may hold commas, quotes doubled). */
function csvLine(line) {
  if (!line.includes('"')) return line.split(',');
  const cells = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/**
 * The rows of a CSV text (CRLF or LF lines; a quoted cell may also hold a line break: a line with an odd number of
 * quotes continues on the next).
 */
export function parseCsv(text) {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const rows = [];
  for (let i = 0; i < lines.length; i += 1) {
    let line = lines[i];
    while ((line.split('"').length - 1) % 2 === 1 && i + 1 < lines.length) {
      i += 1;
      line += `\r\n${lines[i]}`;
    }
    rows.push(csvLine(line));
  }
  return rows;
}

function hexBytes(hex, bytes, what) {
  const digits = String(hex).startsWith('0x') ? String(hex).slice(2) : String(hex);
  if (digits.length !== bytes * 2 || !/^[0-9a-fA-F]*$/.test(digits))
    throw new Error(`${what} is not ${bytes} bytes of hex`);
  return Buffer.from(digits, 'hex');
}

/**
 * The Merkle root of register rows ({address, partition, balance} as text, in the register's order), exactly as the
 * server builds it: OpenZeppelin's StandardMerkleTree with unsorted leaves; leaf = keccak256(keccak256(abi.encode(
 * address, bytes32, uint256))), node = keccak256 of its two children sorted as bytes, leaf i at tree index
 * length - 1 - i of 2·length - 1; an empty register's root is zero.
 */
export function registerMerkleRoot(rows) {
  if (rows.length === 0) return `0x${'0'.repeat(64)}`;
  const size = 2 * rows.length - 1;
  const nodes = new Array(size);
  const encoded = new Uint8Array(96);
  const inner = new Uint8Array(32);
  for (const [i, row] of rows.entries()) {
    encoded.fill(0);
    encoded.set(hexBytes(row.address, 20, `the address ${row.address}`), 12);
    encoded.set(hexBytes(row.partition, 32, `the partition ${row.partition}`), 32);
    if (!/^\d+$/.test(String(row.balance))) throw new Error(`the balance ${row.balance} is not an integer`);
    const balance = BigInt(row.balance);
    if (balance >= 1n << 256n) throw new Error(`the balance ${row.balance} is out of range`);
    encoded.set(Buffer.from(balance.toString(16).padStart(64, '0'), 'hex'), 64);
    nodes[size - 1 - i] = keccak256(keccak256(encoded, inner));
  }
  const pair = new Uint8Array(64);
  for (let i = size - 1 - rows.length; i >= 0; i -= 1) {
    const left = nodes[2 * i + 1];
    const right = nodes[2 * i + 2];
    const leftFirst = Buffer.compare(left, right) <= 0;
    pair.set(leftFirst ? left : right, 0);
    pair.set(leftFirst ? right : left, 32);
    nodes[i] = keccak256(pair);
  }
  return `0x${Buffer.from(nodes[0]).toString('hex')}`;
}

/** The register rows of register.csv (its header names the columns). */
export function registerRows(text) {
  const [header = [], ...lines] = parseCsv(text);
  const column = (name) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`has no ${name} column`);
    return index;
  };
  const [address, partition, balance] = [column('address'), column('partition'), column('balance')];
  return lines.map((cells, n) => {
    if (cells.length !== header.length)
      throw new Error(`row ${n + 1} has ${cells.length} cells, not ${header.length}`);
    return { address: cells[address], partition: cells[partition], balance: cells[balance] };
  });
}

// ---- reading the pack -------------------------------------------------------------------------------------------

/** The files of a zip archive (stored or deflated entries), by path. */
export function readZip(buffer) {
  let end = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65_557); i -= 1) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive (no end of central directory)');
  const count = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  const files = new Map();
  for (let n = 0; n < count; n += 1) {
    if (buffer.readUInt32LE(offset) !== 0x02014b50) throw new Error('damaged zip central directory');
    const method = buffer.readUInt16LE(offset + 10);
    const compressedSize = buffer.readUInt32LE(offset + 20);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const local = buffer.readUInt32LE(offset + 42);
    const name = buffer.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    offset += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (buffer.readUInt32LE(local) !== 0x04034b50) throw new Error(`damaged zip entry ${name}`);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const raw = buffer.subarray(start, start + compressedSize);
    let data;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) {
      try {
        data = inflateRawSync(raw);
      } catch {
        throw new Error(`${name}: damaged (its compressed data cannot be read)`);
      }
    } else throw new Error(`${name}: unsupported zip method ${method}`);
    files.set(name, data);
  }
  return files;
}

function readFolder(folder) {
  const files = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(path.relative(folder, full).split(path.sep).join('/'), readFileSync(full));
    }
  };
  walk(folder);
  return files;
}

/** The pack's files from a zip or an extracted folder. */
export function readPack(location) {
  return statSync(location).isDirectory() ? readFolder(location) : readZip(readFileSync(location));
}

// ---- verifying --------------------------------------------------------------------------------------------------

class PackError extends Error {
  constructor(file, message) {
    super(`${file}: ${message}`);
    this.file = file;
  }
}

function ed25519Key(publicKeyHex) {
  const x = Buffer.from(publicKeyHex, 'hex').toString('base64url');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
}

async function rpc(url, method, params) {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await answer.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * Verifies a pack's files (a Map of path to bytes). Throws a PackError naming the file at the first problem;
 * answers what was checked.
 */
export async function verifyPackFiles(files, options = {}) {
  const manifestBytes = files.get('manifest.json');
  if (!manifestBytes) throw new PackError('manifest.json', 'missing');
  const signature = files.get('manifest.sig');
  if (!signature) throw new PackError('manifest.sig', 'missing');
  let manifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw new PackError('manifest.json', 'not valid JSON');
  }
  let signed = false;
  try {
    signed = verifySignature(
      null,
      manifestBytes,
      ed25519Key(manifest.platform.signingKey),
      Buffer.from(signature.toString('utf8').trim(), 'base64'),
    );
  } catch {
    signed = false;
  }
  if (!signed)
    throw new PackError(
      'manifest.sig',
      'the signature of manifest.json does not hold under the platform key',
    );
  if (options.expectedKey && options.expectedKey !== manifest.platform.signingKey)
    throw new PackError('manifest.json', 'signed by another key than the one expected');
  const listed = new Set();
  for (const file of manifest.files) {
    listed.add(file.path);
    const data = files.get(file.path);
    if (!data) throw new PackError(file.path, 'missing');
    if (sha256Hex(data) !== file.sha256)
      throw new PackError(file.path, 'its SHA-256 does not match the manifest');
  }
  for (const name of files.keys())
    if (!listed.has(name) && name !== 'manifest.json' && name !== 'manifest.sig')
      throw new PackError(name, 'not listed in the manifest');
  if (manifest.merkleRoot !== undefined) {
    const register = files.get('register.csv');
    if (!register) throw new PackError('register.csv', 'missing');
    let root;
    try {
      root = registerMerkleRoot(registerRows(register.toString('utf8')));
    } catch (error) {
      throw new PackError('register.csv', `cannot be read as a register: ${error.message}`);
    }
    if (root !== String(manifest.merkleRoot).toLowerCase())
      throw new PackError(
        'register.csv',
        `its rows give the Merkle root ${root}, but manifest.json states ${manifest.merkleRoot}`,
      );
  }
  const entries = files
    .get('log.jsonl')
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  const { hashes, broken } = walkChain(entries);
  if (broken) throw new PackError('log.jsonl', broken.reason);
  const anchors = JSON.parse(files.get('anchors.json').toString('utf8'));
  for (const anchor of anchors) {
    if (hashes.get(Number(anchor.seq)) !== anchor.hash)
      throw new PackError(
        'anchors.json',
        `the anchor at block ${anchor.blockNumber} contradicts entry ${anchor.seq}`,
      );
  }
  let anchorsOnChain = 0;
  if (options.rpc) {
    const chainId = Number(await rpc(options.rpc, 'eth_chainId', []));
    if (chainId !== Number(manifest.chainId))
      throw new PackError(
        'manifest.json',
        `made for chain ${manifest.chainId}, the RPC answers chain ${chainId}`,
      );
    const anchorAddress = String(manifest.platform.anchorAddress).toLowerCase();
    for (const anchor of anchors) {
      const [transaction, receipt] = await Promise.all([
        rpc(options.rpc, 'eth_getTransactionByHash', [anchor.transactionHash]),
        rpc(options.rpc, 'eth_getTransactionReceipt', [anchor.transactionHash]),
      ]);
      const where = `the anchor of entry ${anchor.seq} (transaction ${anchor.transactionHash})`;
      if (!transaction || !receipt) throw new PackError('anchors.json', `${where} is not on the chain`);
      if (String(transaction.from).toLowerCase() !== anchorAddress)
        throw new PackError('anchors.json', `${where} was not sent by the platform's anchor address`);
      if (
        String(transaction.input ?? transaction.data).toLowerCase() !==
        anchorCalldata(anchor.seq, anchor.hash)
      )
        throw new PackError('anchors.json', `${where} carries another hash`);
      if (Number(receipt.blockNumber) !== Number(anchor.blockNumber) || Number(receipt.status) !== 1)
        throw new PackError('anchors.json', `${where} was not mined at block ${anchor.blockNumber}`);
      anchorsOnChain += 1;
    }
  }
  return {
    ok: true,
    symbol: manifest.symbol,
    files: manifest.files.length,
    merkleRoot: manifest.merkleRoot,
    entries: entries.length,
    anchors: anchors.length,
    anchorsOnChain,
    signingKey: manifest.platform.signingKey,
  };
}

/** Command line: `node verify.mjs [pack.zip | folder] --rpc <url>`. */
async function main(argv) {
  const args = [...argv];
  let rpcUrl;
  const rest = [];
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--rpc') rpcUrl = args[++i];
    else if (args[i]?.startsWith('--rpc=')) rpcUrl = args[i].slice(6);
    else rest.push(args[i]);
  }
  const location = rest[0] ?? path.dirname(fileURLToPath(import.meta.url));
  if (!existsSync(location)) {
    console.error(`No such pack: ${location}`);
    return 2;
  }
  if (!rpcUrl)
    console.warn('No --rpc <url>: the anchors are checked against the log only, not against the chain.');
  try {
    const result = await verifyPackFiles(readPack(location), { rpc: rpcUrl });
    console.log(
      `OK: pack of ${result.symbol}: ${result.files} files match the signed manifest (Ed25519 key ${result.signingKey}); ` +
        `register Merkle root ${result.merkleRoot} recomputed from register.csv; ` +
        `${result.entries} log entries chained; ${result.anchors} anchors${rpcUrl ? `, ${result.anchorsOnChain} found on the chain` : ''}.`,
    );
    return 0;
  } catch (error) {
    console.error(`REFUSED: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
