import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptSecret, decryptSecretText, encryptSecret } from '../src/crypto/aesGcm.ts';
import { resolveJwtSecret, resolveMasterKey } from '../src/crypto/secrets.ts';
import { StartupError } from '../src/errors.ts';

describe('AES-256-GCM helper', () => {
  const key = randomBytes(32);
  it('round-trips and never shows the plaintext', () => {
    const sealed = encryptSecret(key, '0xprivate-key-material', 'account:7');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('private');
    expect(decryptSecretText(key, sealed, 'account:7')).toBe('0xprivate-key-material');
    expect(encryptSecret(key, 'same')).not.toBe(encryptSecret(key, 'same'));
  });
  it('refuses another key, other associated data, or a tampered ciphertext', () => {
    const sealed = encryptSecret(key, 'secret', 'account:7');
    expect(() => decryptSecret(randomBytes(32), sealed, 'account:7')).toThrow();
    expect(() => decryptSecret(key, sealed, 'account:8')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'), 'account:7')).toThrow();
  });
});

describe('secrets', () => {
  it('generates the master key and JWT secret into DATA_DIR with mode 0600 and reuses them', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tranche-secrets-'));
    const key = resolveMasterKey(undefined, dir);
    expect(key).toHaveLength(32);
    expect(statSync(path.join(dir, 'master.key')).mode & 0o777).toBe(0o600);
    expect(resolveMasterKey(undefined, dir).equals(key)).toBe(true);
    const jwt = resolveJwtSecret(undefined, dir);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(Buffer.from(resolveJwtSecret(undefined, dir)).equals(Buffer.from(jwt))).toBe(true);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
  });
  it('takes MASTER_KEY and JWT_SECRET from the environment and rejects weak ones', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tranche-secrets-'));
    const hex = randomBytes(32).toString('hex');
    expect(resolveMasterKey(hex, dir).toString('hex')).toBe(hex);
    expect(() => resolveMasterKey('too-short', dir)).toThrow(StartupError);
    expect(() => resolveJwtSecret('short', dir)).toThrow(StartupError);
  });
});
