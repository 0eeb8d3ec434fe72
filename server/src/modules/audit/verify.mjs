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
//      anchor transaction from the platform's anchor address, mined at the recorded block, carrying that hash.
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
