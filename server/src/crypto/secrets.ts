import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../errors.ts';

/**
 * Reads a secret file, or creates it with `bytes` random bytes (hex) and file mode 0600.
 * Used for the JWT secret and the master key when the environment does not give them.
 */
export function loadOrCreateSecretFile(file: string, bytes: number): string {
  if (existsSync(file)) {
    const mode = statSync(file).mode & 0o777;
    if (mode & 0o077) chmodSync(file, 0o600);
    const value = readFileSync(file, 'utf8').trim();
    if (!value)
      throw new StartupError(`The secret file ${file} is empty. Delete it to have a new one generated.`);
    return value;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const value = randomBytes(bytes).toString('hex');
  writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  return value;
}

/** The JWT signing secret: JWT_SECRET (at least 32 characters) or DATA_DIR/jwt-secret. */
export function resolveJwtSecret(fromEnv: string | undefined, dataDir: string): Uint8Array {
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 32) throw new StartupError('JWT_SECRET must be at least 32 characters long.');
    return new TextEncoder().encode(fromEnv);
  }
  return new TextEncoder().encode(loadOrCreateSecretFile(path.join(dataDir, 'jwt-secret'), 32));
}

/** The 32-byte master key: MASTER_KEY (64 hex digits or base64 of 32 bytes) or DATA_DIR/master.key. */
export function resolveMasterKey(fromEnv: string | undefined, dataDir: string): Buffer {
  const text = fromEnv !== undefined && fromEnv !== '' ? fromEnv.trim() : undefined;
  if (text === undefined) return parseMasterKey(loadOrCreateSecretFile(path.join(dataDir, 'master.key'), 32));
  const key = parseMasterKey(text);
  if (!key)
    throw new StartupError('MASTER_KEY must be 32 bytes: 64 hexadecimal digits or 44 base64 characters.');
  return key;
}

export function parseMasterKey(text: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  const fromBase64 = Buffer.from(text, 'base64');
  if (fromBase64.length === 32) return fromBase64;
  throw new StartupError('The master key must be 32 bytes: 64 hexadecimal digits or 44 base64 characters.');
}
