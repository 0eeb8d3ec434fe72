import { publishInvalidation } from '../../cache/invalidation.ts';
import {
  type AccountReview,
  accountErrors,
  type confirmAccountRequestSchema,
  type createAccountRequestSchema,
  type forgotPasswordRequestSchema,
  type loginRequestSchema,
  type resetPasswordRequestSchema,
} from '@tranche/api';
import type { z } from 'zod';
import argon2 from 'argon2';
import type { AppContext, PasswordHashingOptions } from '../../context.ts';
import { hashingGate } from '../../crypto/hashing.ts';
import { hashCode, hashToken, randomCode, randomDigits, randomToken, sameHash } from '../../crypto/tokens.ts';
import { HttpError } from '../../errors.ts';
import type { SessionClaims } from '../../http/sessions.ts';
import type { AccountSlowedNotice, ThrottleKind } from '../../http/throttle.ts';
import * as repository from './repository.ts';
import { listReview } from './reviewItems.ts';

/** How long a password reset code and link stay valid. */
/** Other modules read an account (its name) through the service, not the repository. */
export { findAccountById } from './repository.ts';

export const resetValidityMs = 60 * 60 * 1000;
/** Wrong codes tried against one reset before it is spent. */
export const maxResetCodeFailures = 5;

export function hashPassword(password: string, options: PasswordHashingOptions): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...options });
}

export type AccountsService = ReturnType<typeof createAccountsService>;

const slowedWhat: Record<ThrottleKind, string> = {
  login: 'wrong passwords',
  resetPassword: 'wrong password reset codes',
  secret: 'wrong access codes or PDF passwords',
  signUp: 'sign-ups',
  confirm: 'confirmation codes',
  forgotPassword: 'password reset requests',
};

/**
 * Tells an account's owner that strangers' wrong secrets slow their account down (http/throttle.ts): their own
 * device still gets in with the right password.
 */
export function mailAccountSlowed(ctx: Pick<AppContext, 'db' | 'mailer'>): AccountSlowedNotice {
  return async (kind, named) => {
    const account = named.startsWith('#')
      ? await repository.findAccountById(ctx.db, Number(named.slice(1)))
      : await repository.findAccountByLogin(ctx.db, named);
    if (!account?.confirmedOn) return;
    await ctx.mailer.send({
      to: account.emailAddress,
      subject: 'Many wrong attempts on your Tranche account',
      text: [
        `Hello ${account.profileName},`,
        '',
        `Many ${slowedWhat[kind]} were tried on your Tranche account in the last minutes, from several addresses.`,
        'Those addresses now wait a few minutes between tries. Your own device still logs in with your password.',
        'If it was not you, nothing is needed; to be safe, choose a new password with "forgot my password".',
      ].join('\n'),
    });
  };
}

export function createAccountsService(ctx: AppContext, background: (work: () => Promise<void>) => void) {
  const { db } = ctx;
  const gate = hashingGate(ctx);
  // Verified against when the login does not exist, so both cases take the same time.
  const dummyHash = hashPassword('no account has this password', ctx.passwordHashing);

  /**
   * Sign up answers the same, in the same time, whether or not the address has an account: the password is
   * hashed in every case, everything that depends on the account happens in the background. A new address gets
   * an account and a code; an unconfirmed one gets a new attempt with its own code, password and profile name
   * (confirming with a code sets that attempt's password, so a stranger who signed up first cannot keep theirs);
   * a confirmed one gets a notice that someone tried to sign up with it.
   */
  async function signUp(request: z.output<typeof createAccountRequestSchema>): Promise<void> {
    const passwordHash = await gate.run(() => hashPassword(request.password, ctx.passwordHashing));
    background(async () => {
      const existing = await repository.findAccountByLogin(db, request.emailAddress);
      if (existing?.confirmedOn) {
        await ctx.mailer.send({
          to: existing.emailAddress,
          subject: 'Someone tried to sign up with your address',
          text: [
            `Hello ${existing.profileName},`,
            '',
            'Someone tried to create a Tranche account with this email address, which has an account already.',
            'If it was you, log in, or use "forgot my password" on the login page. Otherwise ignore this message.',
          ].join('\n'),
        });
        return;
      }
      const account =
        existing ??
        (await repository.insertAccount(db, {
          loginName: request.emailAddress,
          emailAddress: request.emailAddress,
          profileName: request.profileName,
          passwordHash,
        }));
      if (!account) return;
      const code = randomCode(8);
      const attempt = { codeHash: hashCode(code), passwordHash, profileName: request.profileName };
      if (!(await repository.addSignUpAttempt(db, { accountId: account.id, ...attempt }))) return;
      await ctx.mailer.send({
        to: account.emailAddress,
        subject: 'Your Tranche confirmation code',
        text: [
          `Hello ${request.profileName},`,
          '',
          `Your Tranche confirmation code is: ${code}`,
          '',
          'Enter it on the sign-up page to confirm your account.',
          'If you did not sign up for Tranche, ignore this message.',
        ].join('\n'),
      });
    });
  }

  async function confirm(request: z.output<typeof confirmAccountRequestSchema>): Promise<void> {
    const account = await repository.confirmByCodeHash(db, hashCode(request.confirmationCode));
    if (!account) throw new HttpError(400, accountErrors.confirmationCodeInvalid);
  }

  async function login(request: z.output<typeof loginRequestSchema>): Promise<{ jwt: string }> {
    // Throttled before this runs (http/throttle.ts): per address, per address + login, per login.
    const account = await repository.findAccountByLogin(db, request.loginName);
    const hash = account?.passwordHash ?? (await dummyHash);
    const valid = await gate.run(() => argon2.verify(hash, request.password));
    if (!account || !valid) throw new HttpError(401, accountErrors.wrongCredentials);
    if (!account.confirmedOn) throw new HttpError(403, accountErrors.notConfirmed);
    const jwt = await ctx.sessions.issue({ accountId: account.id, sessionVersion: account.sessionVersion });
    return { jwt };
  }

  /** Answers at once, the same for every address; the reset is made and mailed in the background. */
  async function forgotPassword(request: z.output<typeof forgotPasswordRequestSchema>): Promise<void> {
    background(() => mailPasswordReset(request.emailAddress));
  }

  async function mailPasswordReset(emailAddress: string): Promise<void> {
    const account = await repository.findAccountByLogin(db, emailAddress);
    if (!account) return;
    const code = randomDigits(8);
    const token = randomToken();
    await repository.insertPasswordReset(db, {
      accountId: account.id,
      codeHash: hashCode(code),
      tokenHash: hashToken(token),
      expiresOn: new Date(Date.now() + resetValidityMs),
    });
    const link = `${ctx.publicUrl().replace(/\/$/, '')}/ResetPassword/${token}`;
    await ctx.mailer.send({
      to: account.emailAddress,
      subject: 'Reset your Tranche password',
      text: [
        `Hello ${account.profileName},`,
        '',
        `Your password reset code is: ${code}`,
        '',
        `Or open this link to choose a new password: ${link}`,
        '',
        'The code and the link are valid for one hour and can be used once.',
        'If you did not ask for a new password, ignore this message: your password stays as it is.',
      ].join('\n'),
    });
  }

  /** Sets the new password and answers what the sessions before it created, for the owner to review. */
  async function resetPassword(request: z.output<typeof resetPasswordRequestSchema>): Promise<AccountReview> {
    const invalid = new HttpError(
      400,
      request.token !== undefined ? accountErrors.resetTokenInvalid : accountErrors.resetCodeInvalid,
    );
    const account = await repository.findAccountByLogin(db, request.emailAddress);
    if (!account) throw invalid;
    const now = new Date();
    let reset: repository.PasswordResetRow | undefined;
    if (request.token !== undefined) {
      reset = await repository.findOpenResetByToken(db, account.id, hashToken(request.token), now);
    } else {
      reset = await repository.findOpenReset(db, account.id, now);
      if (
        reset &&
        (reset.failedAttempts >= maxResetCodeFailures ||
          !sameHash(reset.codeHash, hashCode(request.passwordResetCode ?? '')))
      ) {
        await repository.countResetFailure(db, reset.id);
        reset = undefined;
      }
    }
    if (!reset) throw invalid;
    const passwordHash = await gate.run(() => hashPassword(request.newPassword, ctx.passwordHashing));
    const done = await repository.completeReset(db, reset.id, account.id, passwordHash);
    if (!done) throw invalid;
    // Older sessions end now on this instance, and on the others when told (PostgreSQL NOTIFY; at the latest
    // within sessionAccountTtlMs).
    ctx.caches.accounts.delete(account.id);
    await publishInvalidation(db, { kind: 'account', accountId: account.id });
    return listReview(db, { accountId: account.id });
  }

  /** Ends the request's session on every instance (http/revocations.ts). */
  async function logout(token: string, claims: SessionClaims): Promise<void> {
    ctx.sessions.forget(token);
    await ctx.caches.revokedSessions.revoke(db, claims.tokenId, claims.expiresAt);
  }

  return { signUp, confirm, login, forgotPassword, resetPassword, logout };
}
