import {
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
import { hashCode, hashToken, randomCode, randomDigits, randomToken, sameHash } from '../../crypto/tokens.ts';
import { HttpError } from '../../errors.ts';
import * as repository from './repository.ts';

/** Failed logins allowed per login name within {@link throttleWindowMs}. */
export const maxLoginFailures = 5;
export const throttleWindowMs = 15 * 60 * 1000;
/** How long a password reset code and link stay valid. */
export const resetValidityMs = 60 * 60 * 1000;
/** Wrong codes tried against one reset before it is spent. */
export const maxResetCodeFailures = 5;

export function hashPassword(password: string, options: PasswordHashingOptions): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...options });
}

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(ctx: AppContext) {
  const { db } = ctx;
  // Verified against when the login does not exist, so both cases take the same time.
  const dummyHash = hashPassword('no account has this password', ctx.passwordHashing);

  async function signUp(request: z.output<typeof createAccountRequestSchema>): Promise<void> {
    const loginName = request.emailAddress;
    const code = randomCode(8);
    const passwordHash = await hashPassword(request.password, ctx.passwordHashing);
    const existing = await repository.findAccountByLogin(db, loginName);
    if (existing?.confirmedOn) throw new HttpError(409, accountErrors.emailTaken);
    if (existing) {
      const refreshed = await repository.refreshUnconfirmedAccount(db, existing.id, {
        profileName: request.profileName,
        passwordHash,
        confirmationCodeHash: hashCode(code),
      });
      if (!refreshed) throw new HttpError(409, accountErrors.emailTaken);
    } else {
      const created = await repository.insertAccount(db, {
        loginName,
        emailAddress: request.emailAddress,
        profileName: request.profileName,
        passwordHash,
        confirmationCodeHash: hashCode(code),
      });
      if (!created) throw new HttpError(409, accountErrors.emailTaken);
    }
    await ctx.mailer.send({
      to: request.emailAddress,
      subject: 'Your Tranche access code',
      text: [
        `Hello ${request.profileName},`,
        '',
        `Your Tranche access code is: ${code}`,
        '',
        'Enter it on the sign-up page to confirm your account.',
        'If you did not sign up for Tranche, ignore this message.',
      ].join('\n'),
    });
  }

  async function confirm(request: z.output<typeof confirmAccountRequestSchema>): Promise<void> {
    const account = await repository.confirmByCodeHash(db, hashCode(request.confirmationCode));
    if (!account) throw new HttpError(400, accountErrors.confirmationCodeInvalid);
  }

  async function login(request: z.output<typeof loginRequestSchema>): Promise<{ jwt: string }> {
    const loginName = request.loginName.toLowerCase();
    const failures = await repository.countRecentFailures(
      db,
      loginName,
      new Date(Date.now() - throttleWindowMs),
    );
    if (failures >= maxLoginFailures) throw new HttpError(429, accountErrors.tooManyAttempts);
    const account = await repository.findAccountByLogin(db, loginName);
    let valid = false;
    if (account) valid = await argon2.verify(account.passwordHash, request.password);
    else await argon2.verify(await dummyHash, request.password);
    if (!account || !valid) {
      await repository.recordLoginAttempt(db, loginName, false);
      throw new HttpError(401, accountErrors.wrongCredentials);
    }
    if (!account.confirmedOn) throw new HttpError(403, accountErrors.notConfirmed);
    // A success wipes the login's failures, so the table only holds recent failed attempts.
    await repository.clearLoginFailures(db, loginName);
    const jwt = await ctx.sessions.issue({ accountId: account.id, sessionVersion: account.sessionVersion });
    return { jwt };
  }

  async function forgotPassword(request: z.output<typeof forgotPasswordRequestSchema>): Promise<void> {
    const account = await repository.findAccountByLogin(db, request.emailAddress);
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

  async function resetPassword(request: z.output<typeof resetPasswordRequestSchema>): Promise<void> {
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
    const passwordHash = await hashPassword(request.newPassword, ctx.passwordHashing);
    const done = await repository.completeReset(db, reset.id, account.id, passwordHash);
    if (!done) throw invalid;
    // Older sessions end now on this instance (other instances: within sessionAccountTtlMs).
    ctx.caches.accounts.delete(account.id);
  }

  return { signUp, confirm, login, forgotPassword, resetPassword };
}
