import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const version = 'v1';

/**
 * Encrypts with AES-256-GCM under a 32-byte key. The result is one string
 * `v1.<iv>.<tag>.<ciphertext>` (base64url parts) fit for a text column.
 * `associatedData` (e.g. the owning account id) binds the ciphertext to its row: decrypting with
 * different associated data fails.
 */
export function encryptSecret(key: Buffer, plaintext: string | Uint8Array, associatedData?: string): string {
  if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : Buffer.from(plaintext);
  const ciphertext = Buffer.concat([cipher.update(data), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [version, iv, tag, ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Decrypts what {@link encryptSecret} produced; throws when the key, data or associated data do not match. */
export function decryptSecret(key: Buffer, sealed: string, associatedData?: string): Buffer {
  const [tagVersion, iv, tag, ciphertext] = sealed.split('.');
  if (tagVersion !== version || !iv || !tag || ciphertext === undefined)
    throw new Error('Not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  if (associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
}

/** Decrypts to UTF-8 text. */
export function decryptSecretText(key: Buffer, sealed: string, associatedData?: string): string {
  return decryptSecret(key, sealed, associatedData).toString('utf8');
}
