import { and, desc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accounts, passwordResets, signUpAttempts } from '../../db/schema.ts';
import { markForReview } from './reviewItems.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type PasswordResetRow = typeof passwordResets.$inferSelect;

export async function findAccountById(db: Database, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function findAccountByLogin(db: Database, loginName: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.loginName, loginName.toLowerCase()))
    .limit(1);
  return row;
}

export async function insertAccount(
  db: Database,
  values: {
    loginName: string;
    emailAddress: string;
    profileName: string;
    passwordHash: string;
    confirmedOn?: Date;
  },
): Promise<AccountRow | undefined> {
  const [row] = await db.insert(accounts).values(values).onConflictDoNothing().returning();
  return row;
}

/** Sign-up attempts kept per unconfirmed account (older ones go, their codes stop working). */
export const maxSignUpAttempts = 5;

/**
 * Records a sign-up attempt of an account nobody confirmed yet, with its own code, password and profile name.
 * Answers false when the account was confirmed meanwhile.
 */
export async function addSignUpAttempt(
  db: Database,
  attempt: { accountId: number; codeHash: string; passwordHash: string; profileName: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, attempt.accountId), isNull(accounts.confirmedOn)))
      .for('update');
    if (!open) return false;
    await tx.insert(signUpAttempts).values(attempt);
    const kept = tx
      .select({ id: signUpAttempts.id })
      .from(signUpAttempts)
      .where(eq(signUpAttempts.accountId, attempt.accountId))
      .orderBy(desc(signUpAttempts.id))
      .limit(maxSignUpAttempts);
    await tx
      .delete(signUpAttempts)
      .where(and(eq(signUpAttempts.accountId, attempt.accountId), notInArray(signUpAttempts.id, kept)));
    return true;
  });
}

/**
 * Confirms the account of the attempt holding this code hash with that attempt's password and profile name, and
 * drops all its attempts; answers the account or undefined.
 */
export async function confirmByCodeHash(db: Database, codeHash: string): Promise<AccountRow | undefined> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .delete(signUpAttempts)
      .where(eq(signUpAttempts.codeHash, codeHash))
      .returning();
    if (!attempt) return undefined;
    await tx.delete(signUpAttempts).where(eq(signUpAttempts.accountId, attempt.accountId));
    const [row] = await tx
      .update(accounts)
      .set({ confirmedOn: new Date(), passwordHash: attempt.passwordHash, profileName: attempt.profileName })
      .where(and(eq(accounts.id, attempt.accountId), isNull(accounts.confirmedOn)))
      .returning();
    return row;
  });
}

export async function insertPasswordReset(
  db: Database,
  values: { accountId: number; codeHash: string; tokenHash: string; expiresOn: Date },
): Promise<void> {
  // A new request replaces the open ones of the account.
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedOn: new Date() })
      .where(and(eq(passwordResets.accountId, values.accountId), isNull(passwordResets.usedOn)));
    await tx.insert(passwordResets).values(values);
  });
}

/** A reset of the account that is open: not used and not expired at `now`. */
function openResetOf(accountId: number, now: Date) {
  return and(
    eq(passwordResets.accountId, accountId),
    isNull(passwordResets.usedOn),
    gt(passwordResets.expiresOn, now),
  );
}

export async function findOpenResetByToken(
  db: Database,
  accountId: number,
  tokenHash: string,
  now: Date,
): Promise<PasswordResetRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), openResetOf(accountId, now)))
    .limit(1);
  return row;
}

/** The newest open (unused, unexpired) reset of an account. */
export async function findOpenReset(
  db: Database,
  accountId: number,
  now: Date,
): Promise<PasswordResetRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(openResetOf(accountId, now))
    .orderBy(sql`${passwordResets.id} desc`)
    .limit(1);
  return row;
}

export async function countResetFailure(db: Database, resetId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
    .where(eq(passwordResets.id, resetId));
}

/**
 * Uses a reset and sets the new password in one transaction. Answers false when the reset was used
 * meanwhile (single use even under concurrent requests).
 */
export async function completeReset(
  db: Database,
  resetId: number,
  accountId: number,
  passwordHash: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedOn: new Date() })
      .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedOn)))
      .returning({ id: passwordResets.id });
    if (used.length !== 1) return false;
    await tx
      .update(accounts)
      .set({
        passwordHash,
        sessionVersion: sql`${accounts.sessionVersion} + 1`,
        // The mailbox owner proved itself: an unconfirmed account is confirmed.
        confirmedOn: sql`coalesce(${accounts.confirmedOn}, now())`,
      })
      .where(eq(accounts.id, accountId));
    // Its open sign-ups end with it (their codes stop working).
    await tx.delete(signUpAttempts).where(eq(signUpAttempts.accountId, accountId));
    // Everything the sessions before the reset created waits for the owner's review (review.ts).
    await markForReview(tx, accountId);
    return true;
  });
}
