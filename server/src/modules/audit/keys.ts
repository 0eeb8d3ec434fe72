import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Wallet } from 'ethers';
import type { AppContext } from '../../context.ts';
import { decryptSecretText, encryptSecret } from '../../crypto/aesGcm.ts';
import { auditKeys } from './schema.ts';

type Ctx = Pick<AppContext, 'db' | 'masterKey'>;

/**
 * The platform's two audit keys, generated once and kept in the database sealed under the master key (AES-256-GCM,
 * like registered keys and the mail outbox), so that every instance of a cluster signs with the same ones:
 * - 'pack': Ed25519, signs the manifest of every regulator pack (its public key is in each manifest and GET /config);
 * - 'anchor': secp256k1, sends the anchor transactions (AUDIT_ANCHOR_KEY gives one instead; it needs gas money).
 * Two instances generating at once: the first insert wins, both read it back.
 */
async function loadOrCreate(
  ctx: Ctx,
  name: 'pack' | 'anchor',
  create: () => { secret: string; publicKey: string },
): Promise<{ secret: string; publicKey: string }> {
  const read = async () => {
    const [row] = await ctx.db.select().from(auditKeys).where(eq(auditKeys.name, name)).limit(1);
    return (
      row && {
        secret: decryptSecretText(ctx.masterKey, row.sealed, `audit-key:${name}`),
        publicKey: row.publicKey,
      }
    );
  };
  const existing = await read();
  if (existing) return existing;
  const fresh = create();
  await ctx.db
    .insert(auditKeys)
    .values({
      name,
      sealed: encryptSecret(ctx.masterKey, fresh.secret, `audit-key:${name}`),
      publicKey: fresh.publicKey,
    })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`The audit key ${name} could not be stored`);
  return stored;
}

const cached = new WeakMap<object, Map<string, Promise<{ secret: string; publicKey: string }>>>();

function keyOf(ctx: Ctx, name: 'pack' | 'anchor', create: () => { secret: string; publicKey: string }) {
  let byName = cached.get(ctx);
  if (!byName) {
    byName = new Map();
    cached.set(ctx, byName);
  }
  let key = byName.get(name);
  if (!key) {
    key = loadOrCreate(ctx, name, create);
    key.catch(() => byName.delete(name));
    byName.set(name, key);
  }
  return key;
}

/** The Ed25519 pack-signing key: its raw public key (hex) and a signer. */
export async function packSigningKey(
  ctx: Ctx,
): Promise<{ publicKey: string; sign: (data: Buffer) => string }> {
  const key = await keyOf(ctx, 'pack', () => {
    const pair = generateKeyPairSync('ed25519');
    const jwk = pair.publicKey.export({ format: 'jwk' });
    return {
      secret: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      publicKey: Buffer.from(jwk.x ?? '', 'base64url').toString('hex'),
    };
  });
  const privateKey = createPrivateKey(key.secret);
  return { publicKey: key.publicKey, sign: (data) => sign(null, data, privateKey).toString('base64') };
}

/** The anchor key: AUDIT_ANCHOR_KEY when set, else the generated one (its private key and address). */
export async function anchorKey(ctx: Ctx): Promise<{ privateKey: string; address: string }> {
  const fromEnv = process.env.AUDIT_ANCHOR_KEY;
  if (fromEnv) {
    const wallet = new Wallet(fromEnv);
    return { privateKey: wallet.privateKey, address: wallet.address.toLowerCase() };
  }
  const key = await keyOf(ctx, 'anchor', () => {
    const wallet = Wallet.createRandom();
    return { secret: wallet.privateKey, publicKey: wallet.address.toLowerCase() };
  });
  return { privateKey: key.secret, address: key.publicKey };
}
