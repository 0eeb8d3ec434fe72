import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';
import { computeAddress, SigningKey } from 'ethers';
import { combine, split } from 'shamir-secret-sharing';
import type { PasswordHashingOptions } from '../../context.ts';
import { decryptSecret, encryptSecret } from '../../crypto/aesGcm.ts';
import { randomCode } from '../../crypto/tokens.ts';

/**
 * The key material of sharded keys. Secrets live in Uint8Arrays that are wiped (filled with zeros) as soon as they
 * are not needed; ethers needs the private key as hex text while it signs, which JavaScript cannot wipe: that text
 * is dropped right after the transaction is signed.
 */

/** Overwrites secret bytes. */
export function wipe(...buffers: (Uint8Array | null | undefined)[]): void {
  for (const buffer of buffers) buffer?.fill(0);
}

/** A fresh random private key (32 bytes, a valid secp256k1 scalar). */
export function randomPrivateKey(): Uint8Array {
  for (;;) {
    const bytes = new Uint8Array(randomBytes(32));
    if (addressOf(bytes)) return bytes;
    wipe(bytes);
  }
}

/** 64 hex digits (with or without 0x) as bytes; undefined when it is not a valid private key. */
export function privateKeyBytes(text: string): Uint8Array | undefined {
  const hex = text.trim().replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return undefined;
  const bytes = new Uint8Array(Buffer.from(hex, 'hex'));
  if (addressOf(bytes)) return bytes;
  wipe(bytes);
  return undefined;
}

/** The lower-cased address of a private key, or undefined when the bytes are not a valid key. */
export function addressOf(privateKey: Uint8Array): string | undefined {
  try {
    // The public key is computed eagerly: zero and out-of-range scalars throw here.
    const signingKey = new SigningKey(privateKey);
    return computeAddress(signingKey.publicKey).toLowerCase();
  } catch {
    return undefined;
  }
}

export async function splitKey(
  privateKey: Uint8Array,
  total: number,
  threshold: number,
): Promise<Uint8Array[]> {
  return split(new Uint8Array(privateKey), total, threshold);
}

/** Rebuilds a secret from shares. Too few or wrong shares give a WRONG secret silently: check its address. */
export async function combineShares(shares: Uint8Array[]): Promise<Uint8Array> {
  return combine(shares.map((share) => new Uint8Array(share)));
}

export function shareDigest(share: Uint8Array): string {
  return createHash('sha256').update(share).digest('hex');
}

export function sameDigest(share: Uint8Array, digest: string): boolean {
  const a = Buffer.from(shareDigest(share), 'hex');
  const b = Buffer.from(digest, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** An access code: 16 characters without look-alikes (80 bits), shown in groups of four. */
export function newAccessCode(): string {
  return (randomCode(16).match(/.{4}/g) ?? []).join('-');
}

/** A PDF password: 12 characters without look-alikes. */
export function newPdfPassword(): string {
  return randomCode(12);
}

/** Access codes are typed by people: case, spaces and dashes do not matter. */
export function normalizeAccessCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

const kdfVersion = 'a2id';

/** `a2id$<memory>$<time>$<parallelism>$<salt base64url>`: the derivation parameters stored with a share. */
export function newKdfParameters(options: PasswordHashingOptions): string {
  return [
    kdfVersion,
    options.memoryCost,
    options.timeCost,
    options.parallelism,
    randomBytes(16).toString('base64url'),
  ].join('$');
}

/** The 32-byte AES key an access code derives with the stored parameters (argon2id). */
export async function deriveShareKey(accessCode: string, parameters: string): Promise<Buffer> {
  const [version, memory, time, lanes, salt] = parameters.split('$');
  if (version !== kdfVersion || !salt) throw new Error('Unknown key derivation parameters');
  return argon2.hash(normalizeAccessCode(accessCode), {
    type: argon2.argon2id,
    raw: true,
    hashLength: 32,
    memoryCost: Number(memory),
    timeCost: Number(time),
    parallelism: Number(lanes),
    salt: Buffer.from(salt, 'base64url'),
  });
}

/** Associated data binding a sealed share to its key, generation and signer. */
export function shareBinding(keyAddress: string, generation: number, accountId: number): string {
  return `share:${keyAddress}:${generation}:${accountId}`;
}

/** Associated data binding a stored PDF to its key, generation and signer. */
export function pdfBinding(keyAddress: string, generation: number, accountId: number): string {
  return `pdf:${keyAddress}:${generation}:${accountId}`;
}

/**
 * Encrypts a share under the access-code key, then under the master key. Neither key alone opens it: the server
 * (master key) still needs the signer's access code.
 */
export function sealShare(masterKey: Buffer, codeKey: Buffer, share: Uint8Array, binding: string): string {
  const inner = encryptSecret(codeKey, share, binding);
  return encryptSecret(masterKey, inner, binding);
}

/** Opens a sealed share; undefined when the access code (its derived key) is wrong. */
export function openShare(
  masterKey: Buffer,
  codeKey: Buffer,
  sealed: string,
  binding: string,
): Uint8Array | undefined {
  const inner = decryptSecret(masterKey, sealed, binding).toString('utf8');
  try {
    return new Uint8Array(decryptSecret(codeKey, inner, binding));
  } catch {
    return undefined;
  }
}

/** Approval shares are kept under the master key only until their transaction finishes. */
export function sealApprovalShare(masterKey: Buffer, share: Uint8Array, binding: string): string {
  return encryptSecret(masterKey, share, binding);
}

export function openApprovalShare(masterKey: Buffer, sealed: string, binding: string): Uint8Array {
  return new Uint8Array(decryptSecret(masterKey, sealed, binding));
}

export function approvalBinding(dtxId: number, accountId: number): string {
  return `approval:${dtxId}:${accountId}`;
}

/** The private key as 0x hex text for the chain service (the caller drops it right after signing). */
export function privateKeyHex(privateKey: Uint8Array): string {
  return `0x${Buffer.from(privateKey).toString('hex')}`;
}
