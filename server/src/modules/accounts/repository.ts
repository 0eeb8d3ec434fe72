import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accounts, passwordResets } from '../../db/schema.ts';

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
    confirmationCodeHash: string | null;
    confirmedOn?: Date;
  },
): Promise<AccountRow | undefined> {
  const [row] = await db.insert(accounts).values(values).onConflictDoNothing().returning();
  return row;
}

/** A new confirmation code for an account nobody confirmed yet (a repeated sign up); nothing else changes. */
export async function renewConfirmationCode(
  db: Database,
  id: number,
  confirmationCodeHash: string,
): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ confirmationCodeHash })
    .where(and(eq(accounts.id, id), isNull(accounts.confirmedOn)))
    .returning({ id: accounts.id });
  return rows.length === 1;
}

/** Confirms the account holding this code hash; answers the account or undefined. */
export async function confirmByCodeHash(db: Database, codeHash: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(accounts)
    .set({ confirmedOn: new Date(), confirmationCodeHash: null })
    .where(and(eq(accounts.confirmationCodeHash, codeHash), isNull(accounts.confirmedOn)))
    .returning();
  return row;
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
        confirmationCodeHash: null,
      })
      .where(eq(accounts.id, accountId));
    return true;
  });
}
