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
/** Rotation of lane x + 5y. */
const rotations = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];
/** Where lane x + 5y goes after rho and pi: y + 5((2x + 3y) mod 5). */
const destinations = rotations.map((_, i) => ((i / 5) | 0) + 5 * ((2 * (i % 5) + 3 * ((i / 5) | 0)) % 5));

function keccakPermute(s, b, c) {
  for (let round = 0; round < 24; round += 1) {
    for (let x = 0; x < 10; x += 1) c[x] = s[x] ^ s[x + 10] ^ s[x + 20] ^ s[x + 30] ^ s[x + 40];
    for (let x = 0; x < 5; x += 1) {
      const before = 2 * ((x + 4) % 5);
      const after = 2 * ((x + 1) % 5);
      const lo = c[before] ^ ((c[after] << 1) | (c[after + 1] >>> 31));
      const hi = c[before + 1] ^ ((c[after + 1] << 1) | (c[after] >>> 31));
      for (let y = 0; y < 50; y += 10) {
        s[2 * x + y] ^= lo;
        s[2 * x + y + 1] ^= hi;
      }
    }
    for (let i = 0; i < 25; i += 1) {
      let lo = s[2 * i];
      let hi = s[2 * i + 1];
      let n = rotations[i];
      if (n >= 32) {
        [lo, hi] = [hi, lo];
        n -= 32;
      }
      const d = 2 * destinations[i];
      if (n === 0) {
        b[d] = lo;
        b[d + 1] = hi;
      } else {
        b[d] = (lo << n) | (hi >>> (32 - n));
        b[d + 1] = (hi << n) | (lo >>> (32 - n));
      }
    }
    for (let y = 0; y < 50; y += 10) {
      for (let x = 0; x < 5; x += 1) {
        const i = y + 2 * x;
        const j = y + 2 * ((x + 1) % 5);
        const k = y + 2 * ((x + 2) % 5);
        s[i] = b[i] ^ (~b[j] & b[k]);
        s[i + 1] = b[i + 1] ^ (~b[j + 1] & b[k + 1]);
      }
    }
    s[0] ^= roundConstants[2 * round];
    s[1] ^= roundConstants[2 * round + 1];
  }
}

const keccakState = new Int32Array(50);
const keccakScratch = new Int32Array(50);
const keccakColumns = new Int32Array(10);

/** keccak256 of bytes (as Ethereum uses it), 32 bytes out. */
export function keccak256(data) {
  const rate = 136;
  const s = keccakState;
  s.fill(0);
  const padded = new Uint8Array((Math.floor(data.length / rate) + 1) * rate);
  padded.set(data);
  padded[data.length] ^= 0x01;
  padded[padded.length - 1] ^= 0x80;
  for (let block = 0; block < padded.length; block += rate) {
    for (let i = 0; i < rate; i += 4)
      s[i >> 2] ^=
        padded[block + i] |
        (padded[block + i + 1] << 8) |
        (padded[block + i + 2] << 16) |
        (padded[block + i + 3] << 24);
    keccakPermute(s, keccakScratch, keccakColumns);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i += 1) out[i] = (s[i >> 2] >>> (8 * (i & 3))) & 0xff;
  return out;
}

/** The cells of a CSV text (RFC 4180: quoted cells may hold commas, quotes doubled, CRLF or LF lines). */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
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
  for (const [i, row] of rows.entries()) {
    const encoded = new Uint8Array(96);
    encoded.set(hexBytes(row.address, 20, `the address ${row.address}`), 12);
    encoded.set(hexBytes(row.partition, 32, `the partition ${row.partition}`), 32);
    if (!/^\d+$/.test(String(row.balance))) throw new Error(`the balance ${row.balance} is not an integer`);
    const balance = BigInt(row.balance);
    if (balance >= 1n << 256n) throw new Error(`the balance ${row.balance} is out of range`);
    encoded.set(Buffer.from(balance.toString(16).padStart(64, '0'), 'hex'), 64);
    nodes[size - 1 - i] = keccak256(keccak256(encoded));
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
