import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accounts } from '../../db/schema.ts';
import { accessCodeAttempts, keyShares, shardedKeyStatus, shardedKeys } from './schema.ts';

export type ShardedKeyRow = typeof shardedKeys.$inferSelect;
export type KeyShareRow = typeof keyShares.$inferSelect;
export type Signer = KeyShareRow & { profileName: string; emailAddress: string };

/** Confirmed accounts with these (lower-cased) email addresses. */
export async function findConfirmedAccountsByEmail(db: Database, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: accounts.id, emailAddress: accounts.emailAddress, profileName: accounts.profileName })
    .from(accounts)
    .where(and(inArray(sql`lower(${accounts.emailAddress})`, emails), isNotNull(accounts.confirmedOn)));
}

export async function findKeyByAddress(db: Database, address: string): Promise<ShardedKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(shardedKeys)
    .where(eq(shardedKeys.address, address.toLowerCase()))
    .limit(1);
  return row;
}

export async function findKeyById(db: Database, id: number): Promise<ShardedKeyRow | undefined> {
  const [row] = await db.select().from(shardedKeys).where(eq(shardedKeys.id, id)).limit(1);
  return row;
}

/** The signers (shares) of one generation of a key, in creation order, with their profile. */
export async function listSigners(db: Database, keyId: number, generation: number): Promise<Signer[]> {
  const rows = await db
    .select({ share: keyShares, profileName: accounts.profileName, emailAddress: accounts.emailAddress })
    .from(keyShares)
    .innerJoin(accounts, eq(accounts.id, keyShares.accountId))
    .where(and(eq(keyShares.keyId, keyId), eq(keyShares.generation, generation)))
    .orderBy(asc(keyShares.id));
  return rows.map((row) => ({ ...row.share, profileName: row.profileName, emailAddress: row.emailAddress }));
}

export async function findSigner(
  db: Database,
  keyId: number,
  generation: number,
  accountId: number,
): Promise<KeyShareRow | undefined> {
  const [row] = await db
    .select()
    .from(keyShares)
    .where(
      and(
        eq(keyShares.keyId, keyId),
        eq(keyShares.generation, generation),
        eq(keyShares.accountId, accountId),
      ),
    )
    .limit(1);
  return row;
}

export type NewShare = Omit<typeof keyShares.$inferInsert, 'id' | 'createdOn' | 'openedOn' | 'retiredOn'>;

/** Inserts a key with its first generation of shares; undefined when the address is sharded already. */
export async function insertKeyWithShares(
  db: Database,
  key: { address: string; name: string; threshold: number; total: number; createdBy: number },
  shares: (keyId: number) => NewShare[],
): Promise<ShardedKeyRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(shardedKeys).values(key).onConflictDoNothing().returning();
    if (!row) return undefined;
    await tx.insert(keyShares).values(shares(row.id));
    return row;
  });
}

/**
 * Replaces the shares of a key by a new generation: the old shares' ciphertexts are erased (they stop working),
 * the key waits for activation again.
 */
export async function replaceShares(
  db: Database,
  key: ShardedKeyRow,
  change: { threshold: number; total: number },
  shares: NewShare[],
): Promise<ShardedKeyRow> {
  return db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(keyShares)
      .set({ sealedShare: null, retiredOn: now })
      .where(and(eq(keyShares.keyId, key.id), eq(keyShares.generation, key.generation)));
    const [row] = await tx
      .update(shardedKeys)
      .set({
        generation: key.generation + 1,
        threshold: change.threshold,
        total: change.total,
        status: shardedKeyStatus.awaitingActivation,
        activatedOn: null,
      })
      .where(eq(shardedKeys.id, key.id))
      .returning();
    await tx.insert(keyShares).values(shares);
    return row as ShardedKeyRow;
  });
}

export async function markOpened(db: Database, shareId: number): Promise<void> {
  await db
    .update(keyShares)
    .set({ openedOn: sql`coalesce(${keyShares.openedOn}, now())` })
    .where(eq(keyShares.id, shareId));
}

export async function activateKey(db: Database, keyId: number): Promise<void> {
  await db
    .update(shardedKeys)
    .set({ status: shardedKeyStatus.active, activatedOn: new Date() })
    .where(eq(shardedKeys.id, keyId));
}

/** Active keys of the current generation that the account signs for. */
export async function listKeysOfSigner(db: Database, accountId: number): Promise<ShardedKeyRow[]> {
  const rows = await db
    .select({ key: shardedKeys })
    .from(shardedKeys)
    .innerJoin(
      keyShares,
      and(eq(keyShares.keyId, shardedKeys.id), eq(keyShares.generation, shardedKeys.generation)),
    )
    .where(and(eq(keyShares.accountId, accountId), eq(shardedKeys.status, shardedKeyStatus.active)))
    .orderBy(asc(shardedKeys.id));
  return rows.map((row) => row.key);
}

export async function findAttempts(db: Database, accountId: number, keyId: number) {
  const [row] = await db
    .select()
    .from(accessCodeAttempts)
    .where(and(eq(accessCodeAttempts.accountId, accountId), eq(accessCodeAttempts.keyId, keyId)))
    .limit(1);
  return row;
}

/** Counts a wrong code; answers the number of failures in a row. Locks when `lockAfter` is reached. */
export async function countFailure(
  db: Database,
  accountId: number,
  keyId: number,
  lockAfter: number,
  lockUntil: Date,
): Promise<number> {
  const [row] = await db
    .insert(accessCodeAttempts)
    .values({ accountId, keyId, failures: 1 })
    .onConflictDoUpdate({
      target: [accessCodeAttempts.accountId, accessCodeAttempts.keyId],
      set: { failures: sql`${accessCodeAttempts.failures} + 1`, updatedOn: new Date() },
    })
    .returning();
  const failures = row?.failures ?? 1;
  if (failures >= lockAfter) {
    await db
      .update(accessCodeAttempts)
      .set({ lockedUntil: lockUntil, failures: 0 })
      .where(and(eq(accessCodeAttempts.accountId, accountId), eq(accessCodeAttempts.keyId, keyId)));
  }
  return failures;
}

export async function clearFailures(db: Database, accountId: number, keyId: number): Promise<void> {
  await db
    .update(accessCodeAttempts)
    .set({ failures: 0, lockedUntil: null, updatedOn: new Date() })
    .where(and(eq(accessCodeAttempts.accountId, accountId), eq(accessCodeAttempts.keyId, keyId)));
}
