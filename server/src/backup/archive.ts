import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt } from 'node:crypto';
import { StartupError } from '../errors.ts';

/**
 * The backup archive (format 1), one file:
 *
 *   line 1  `tranche-backup 1`
 *   line 2  a JSON header: {"kdf":{"name":"scrypt","N":131072,"r":8,"p":1,"salt":<base64, 16 bytes>},
 *           "cipher":{"name":"aes-256-gcm","iv":<base64, 12 bytes>},"createdOn":<ISO date>}
 *   then    the AES-256-GCM ciphertext of the contents, followed by its 16-byte tag
 *
 * The key is scrypt(BACKUP_PASSPHRASE, salt, 32 bytes, N, r, p); both header lines are the cipher's associated data,
 * so a changed header fails like a wrong passphrase. The contents: one JSON line, the manifest
 * {"entries":[{"name","size","sha256"}],"takenFrom":"running"|"stopped"}, then each entry's bytes in its order.
 * Entries: `pglite.tar.gz` (PGlite's dumpDataDir), `chain-state.json` (the embedded chain's anvil_dumpState, local
 * mode), and DATA_DIR's own files (master.key, jwt-secret, demo-account.json).
 */
export type BackupEntry = { name: string; data: Buffer };
export type BackupContents = { entries: BackupEntry[]; takenFrom: 'running' | 'stopped' };

const magic = 'tranche-backup 1\n';
/** OWASP's scrypt parameters (128 MiB of memory, about half a second here). */
const scryptParameters = { N: 2 ** 17, r: 8, p: 1 };
const tagLength = 16;

export const backupMessages = {
  noPassphrase:
    'Set BACKUP_PASSPHRASE (at least 12 characters): the archive is encrypted with it, and the same one opens it.',
  shortPassphrase: 'BACKUP_PASSPHRASE is shorter than 12 characters: use a longer passphrase.',
  notAnArchive: (file: string) => `${file} is not a Tranche backup archive.`,
  wrongPassphrase: (file: string) =>
    `${file} does not open with this BACKUP_PASSPHRASE: the passphrase is wrong or the archive is damaged.`,
};

/** BACKUP_PASSPHRASE, or a one-line refusal. */
export function backupPassphrase(env: NodeJS.ProcessEnv): string {
  const passphrase = env.BACKUP_PASSPHRASE;
  if (passphrase === undefined || passphrase === '') throw new StartupError(backupMessages.noPassphrase);
  if ([...passphrase].length < 12) throw new StartupError(backupMessages.shortPassphrase);
  return passphrase;
}

function deriveKey(passphrase: string, salt: Buffer, parameters: typeof scryptParameters): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      32,
      { ...parameters, maxmem: 256 * parameters.N * parameters.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** The contents as one buffer: the manifest line, then the entries' bytes. */
export function packContents(contents: BackupContents): Buffer {
  const manifest = {
    entries: contents.entries.map((entry) => ({
      name: entry.name,
      size: entry.data.length,
      sha256: createHash('sha256').update(entry.data).digest('hex'),
    })),
    takenFrom: contents.takenFrom,
  };
  return Buffer.concat([
    Buffer.from(`${JSON.stringify(manifest)}\n`),
    ...contents.entries.map((e) => e.data),
  ]);
}

export function unpackContents(packed: Buffer): BackupContents {
  const end = packed.indexOf(0x0a);
  const manifest = JSON.parse(packed.subarray(0, end).toString('utf8')) as {
    entries: { name: string; size: number; sha256: string }[];
    takenFrom: BackupContents['takenFrom'];
  };
  let offset = end + 1;
  const entries = manifest.entries.map((entry) => {
    const data = packed.subarray(offset, offset + entry.size);
    offset += entry.size;
    if (createHash('sha256').update(data).digest('hex') !== entry.sha256)
      throw new Error(`The archive's ${entry.name} does not match its checksum.`);
    return { name: entry.name, data: Buffer.from(data) };
  });
  return { entries, takenFrom: manifest.takenFrom };
}

export async function sealArchive(packed: Buffer, passphrase: string): Promise<Buffer> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const header = {
    kdf: { name: 'scrypt', ...scryptParameters, salt: salt.toString('base64') },
    cipher: { name: 'aes-256-gcm', iv: iv.toString('base64') },
    createdOn: new Date().toISOString(),
  };
  const head = Buffer.from(`${magic}${JSON.stringify(header)}\n`);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt, scryptParameters), iv);
  cipher.setAAD(head);
  const ciphertext = Buffer.concat([cipher.update(packed), cipher.final()]);
  return Buffer.concat([head, ciphertext, cipher.getAuthTag()]);
}

/** Opens an archive; a wrong passphrase (or any change to the file) throws a one-line {@link StartupError}. */
export async function openArchive(archive: Buffer, passphrase: string, file: string): Promise<Buffer> {
  const first = archive.indexOf(0x0a);
  const second = first < 0 ? -1 : archive.indexOf(0x0a, first + 1);
  if (archive.subarray(0, first + 1).toString('utf8') !== magic || second < 0)
    throw new StartupError(backupMessages.notAnArchive(file));
  let header: {
    kdf: { name: string; N: number; r: number; p: number; salt: string };
    cipher: { iv: string };
  };
  try {
    header = JSON.parse(archive.subarray(first + 1, second).toString('utf8'));
  } catch {
    throw new StartupError(backupMessages.notAnArchive(file));
  }
  const { N, r, p, salt, name } = header.kdf;
  // Bounds keep a crafted header from asking for gigabytes of memory.
  if (name !== 'scrypt' || !(N >= 2 ** 14 && N <= 2 ** 20 && r >= 1 && r <= 16 && p >= 1 && p <= 4))
    throw new StartupError(backupMessages.notAnArchive(file));
  const key = await deriveKey(passphrase, Buffer.from(salt, 'base64'), { N, r, p });
  const body = archive.subarray(second + 1);
  if (body.length < tagLength) throw new StartupError(backupMessages.wrongPassphrase(file));
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.cipher.iv, 'base64'));
  decipher.setAAD(archive.subarray(0, second + 1));
  decipher.setAuthTag(body.subarray(body.length - tagLength));
  try {
    return Buffer.concat([decipher.update(body.subarray(0, body.length - tagLength)), decipher.final()]);
  } catch {
    throw new StartupError(backupMessages.wrongPassphrase(file));
  }
}
