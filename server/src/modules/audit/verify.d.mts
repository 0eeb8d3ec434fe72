// Types of verify.mjs (the pack's standalone verifier, which the server imports for its hashing).
export type ChainEntry = {
  seq: number;
  at: string;
  accountId: number | null;
  actor: string | null;
  requestId: string | null;
  symbol: string | null;
  object: string | null;
  action: string;
  before: unknown;
  after: unknown;
  prevHash: string;
  hash: string;
};
export type RedactedEntry = { seq: number; digest: string; prevHash: string; hash: string };
export const genesisHash: string;
export const anchorPrefix: string;
export function canonicalJson(value: unknown): string;
export function sha256Hex(data: string | Uint8Array): string;
export function entryContent(entry: Omit<ChainEntry, 'prevHash' | 'hash'>): Record<string, unknown>;
export function entryDigest(entry: Omit<ChainEntry, 'prevHash' | 'hash'>): string;
export function chainHash(prevHash: string, digest: string): string;
export function anchorCalldata(seq: number, hash: string): string;
export function walkChain(entries: (ChainEntry | RedactedEntry)[]): {
  hashes: Map<number, string>;
  broken: { seq: number; reason: string } | null;
};
export function keccak256(data: Uint8Array): Uint8Array;
export function parseCsv(text: string): string[][];
export function registerMerkleRoot(rows: { address: string; partition: string; balance: string }[]): string;
export function registerRows(text: string): { address: string; partition: string; balance: string }[];
export function readZip(buffer: Buffer): Map<string, Buffer>;
export function readPack(location: string): Map<string, Buffer>;
export function verifyPackFiles(
  files: Map<string, Buffer>,
  options?: { rpc?: string; expectedKey?: string },
): Promise<{
  ok: true;
  symbol: string;
  files: number;
  merkleRoot: string;
  entries: number;
  anchors: number;
  anchorsOnChain: number;
  signingKey: string;
}>;
