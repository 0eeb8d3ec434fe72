import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { dtxStatuses } from '@tranche/api';
import type { Database } from '../../db/database.ts';
import { accounts } from '../../db/schema.ts';
import { jobs } from '../../jobs/schema.ts';
import { distributedTransactions, dtxApprovals } from '../dtx/schema.ts';
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

/**
 * Inserts a key with its first generation of shares (and `also`, e.g. their mails, in the same database transaction);
 * undefined when the address is sharded already.
 */
export async function insertKeyWithShares(
  db: Database,
  key: { address: string; name: string; threshold: number; total: number; createdBy: number },
  shares: (keyId: number) => NewShare[],
  also?: (tx: Database, keyId: number) => Promise<void>,
): Promise<ShardedKeyRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(shardedKeys).values(key).onConflictDoNothing().returning();
    if (!row) return undefined;
    await tx.insert(keyShares).values(shares(row.id));
    await also?.(tx, row.id);
    return row;
  });
}

/**
 * Stores a reshard's new generation (key.generation + 1) beside the current one, which keeps signing; `also` runs in
 * the same database transaction (the mails to send, the reshard transaction marked done). Answers false, writing
 * nothing, when another reshard waits for activation.
 */
export async function insertPendingGeneration(
  db: Database,
  key: ShardedKeyRow,
  change: { threshold: number; total: number },
  shares: NewShare[],
  also: (tx: Database) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(shardedKeys).where(eq(shardedKeys.id, key.id)).for('update');
    if (!locked || locked.pendingThreshold !== null || locked.generation !== key.generation) return false;
    await tx
      .update(shardedKeys)
      .set({ pendingThreshold: change.threshold, pendingTotal: change.total })
      .where(eq(shardedKeys.id, key.id));
    await tx.insert(keyShares).values(shares);
    await also(tx as unknown as Database);
    return true;
  });
}

/**
 * Drops a reshard that waits for activation (its shares and unsent mails); the current generation is untouched.
 * Answers false when there was none.
 */
export async function dropPendingGeneration(
  db: Database,
  key: ShardedKeyRow,
  mailKind: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(shardedKeys).where(eq(shardedKeys.id, key.id)).for('update');
    if (!locked || locked.pendingThreshold === null) return false;
    const pending = locked.generation + 1;
    await tx.delete(keyShares).where(and(eq(keyShares.keyId, key.id), eq(keyShares.generation, pending)));
    await tx
      .delete(jobs)
      .where(
        and(
          eq(jobs.kind, mailKind),
          inArray(jobs.state, ['queued', 'running', 'failed']),
          sql`${jobs.payload}->>'keyId' = ${String(key.id)}`,
          sql`${jobs.payload}->>'generation' = ${String(pending)}`,
        ),
      );
    await tx
      .update(shardedKeys)
      .set({ pendingThreshold: null, pendingTotal: null })
      .where(eq(shardedKeys.id, key.id));
    return true;
  });
}

/**
 * Activates a generation in one database transaction. A new key's first generation: the key becomes active. A
 * reshard's pending generation: it becomes the current one (M and N switch), the old generation's shares and the
 * stored PDFs are erased, and the old generation's pending transactions are aborted with their approval shares
 * wiped. Answers false when the generation is no longer the one waiting (another request switched it).
 */
export async function activateGeneration(
  db: Database,
  key: ShardedKeyRow,
  generation: number,
  voidMessage: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(shardedKeys).where(eq(shardedKeys.id, key.id)).for('update');
    if (!locked) return false;
    const now = new Date();
    if (generation === locked.generation) {
      if (locked.status === shardedKeyStatus.active) return false;
      await tx
        .update(shardedKeys)
        .set({ status: shardedKeyStatus.active, activatedOn: now })
        .where(eq(shardedKeys.id, key.id));
    } else {
      if (locked.pendingThreshold === null || generation !== locked.generation + 1) return false;
      await tx
        .update(shardedKeys)
        .set({
          generation,
          threshold: locked.pendingThreshold,
          total: locked.pendingTotal ?? locked.total,
          pendingThreshold: null,
          pendingTotal: null,
          status: shardedKeyStatus.active,
          activatedOn: now,
        })
        .where(eq(shardedKeys.id, key.id));
      await tx
        .update(keyShares)
        .set({ sealedShare: null, sealedPdf: null, retiredOn: now })
        .where(and(eq(keyShares.keyId, key.id), eq(keyShares.generation, locked.generation)));
      const voided = await tx
        .update(distributedTransactions)
        .set({ status: dtxStatuses.aborted, errorMessage: voidMessage, finishedOn: now })
        .where(
          and(
            eq(distributedTransactions.keyId, key.id),
            eq(distributedTransactions.generation, locked.generation),
            eq(distributedTransactions.status, dtxStatuses.pending),
          ),
        )
        .returning({ id: distributedTransactions.id });
      if (voided.length > 0) {
        await tx
          .update(dtxApprovals)
          .set({ sealedShare: null })
          .where(
            inArray(
              dtxApprovals.dtxId,
              voided.map((row) => row.id),
            ),
          );
      }
    }
    await tx
      .update(keyShares)
      .set({ sealedPdf: null })
      .where(and(eq(keyShares.keyId, key.id), eq(keyShares.generation, generation)));
    return true;
  });
}

export async function markOpened(db: Database, shareId: number): Promise<void> {
  await db
    .update(keyShares)
    .set({ openedOn: sql`coalesce(${keyShares.openedOn}, now())` })
    .where(eq(keyShares.id, shareId));
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
