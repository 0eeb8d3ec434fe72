import { z } from 'zod';
import {
  accountReviewMessages,
  forgotPasswordMessages,
  loginMessages,
  resetPageMessages,
  resetStepMessages,
  signUpMessages,
} from '../messages.ts';
import {
  maxCodeLength,
  maxNameLength,
  maxPasswordLength,
  minPasswordLength,
  requiredEmail,
  requiredName,
  requiredSecret,
  requiredText,
} from './fields.ts';

const newPassword = (required: string, tooShort: string) =>
  requiredSecret(required, maxPasswordLength, signUpMessages.passwordTooLong).min(
    minPasswordLength,
    tooShort,
  );

const signUpEmail = requiredEmail({
  required: signUpMessages.emailRequired,
  invalid: signUpMessages.emailInvalid,
  tooLong: signUpMessages.emailTooLong,
});
const profileName = requiredName(
  signUpMessages.profileNameRequired,
  maxNameLength,
  signUpMessages.profileNameTooLong,
);
const signUpPassword = newPassword(signUpMessages.passwordRequired, signUpMessages.passwordTooShort);

/** The sign-up form (part 2, section 5): email, password, re-typed password, profile name. */
export const signUpFormSchema = z
  .object({
    emailAddress: signUpEmail,
    password: signUpPassword,
    passwordRetype: z.string({ error: signUpMessages.passwordsDoNotMatch }),
    profileName,
  })
  .refine((form) => form.password === form.passwordRetype, {
    message: signUpMessages.passwordsDoNotMatch,
    path: ['passwordRetype'],
  });
export type SignUpForm = z.input<typeof signUpFormSchema>;

/** POST /accounts: loginName is the email address (the console sets it equal). */
export const createAccountRequestSchema = z.object({
  loginName: signUpEmail,
  password: signUpPassword,
  emailAddress: signUpEmail,
  profileName,
});
export type CreateAccountRequest = z.input<typeof createAccountRequestSchema>;

/** The confirmation-code step of sign up and POST /accounts/confirm. */
export const confirmAccountRequestSchema = z.object({
  confirmationCode: requiredText(
    signUpMessages.confirmationCodeRequired,
    maxCodeLength,
    signUpMessages.confirmationCodeTooLong,
  ),
});
export type ConfirmAccountRequest = z.input<typeof confirmAccountRequestSchema>;

/** The login form and POST /login. */
export const loginRequestSchema = z.object({
  loginName: requiredText(loginMessages.loginRequired, 254, loginMessages.loginTooLong),
  password: requiredSecret(loginMessages.passwordRequired, maxPasswordLength, loginMessages.passwordTooLong),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ jwt: z.string() });
export type LoginResponse = z.output<typeof loginResponseSchema>;

/** The forgot-password form (step 1) and POST /forgotPassword. */
export const forgotPasswordRequestSchema = z.object({
  emailAddress: requiredEmail({
    required: forgotPasswordMessages.emailRequired,
    invalid: forgotPasswordMessages.emailInvalid,
    tooLong: forgotPasswordMessages.emailTooLong,
  }),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

const resetEmail = requiredEmail({
  required: resetStepMessages.emailRequired,
  invalid: resetStepMessages.emailInvalid,
  tooLong: forgotPasswordMessages.emailTooLong,
});
const resetCode = requiredText(resetStepMessages.codeRequired, maxCodeLength, resetStepMessages.codeTooLong);
const resetNewPassword = newPassword(
  resetStepMessages.newPasswordRequired,
  resetStepMessages.newPasswordTooShort,
);

/** Step 2 of the forgot-password flow: reset code and new password. */
export const resetStepFormSchema = z.object({
  emailAddress: resetEmail,
  passwordResetCode: resetCode,
  newPassword: resetNewPassword,
});
export type ResetStepForm = z.input<typeof resetStepFormSchema>;

/** The reset password page (/ResetPassword/{token}): email, new password, retyped password. */
export const resetPageFormSchema = z
  .object({
    emailAddress: requiredText(resetPageMessages.emailRequired, 254, forgotPasswordMessages.emailTooLong)
      .pipe(z.email(resetPageMessages.emailInvalid))
      .transform((email) => email.toLowerCase()),
    newPassword: requiredSecret(
      resetPageMessages.passwordRequired,
      maxPasswordLength,
      signUpMessages.passwordTooLong,
    ).min(minPasswordLength, resetPageMessages.passwordTooShort),
    passwordRetype: z.string({ error: resetPageMessages.passwordsDoNotMatch }),
  })
  .refine((form) => form.newPassword === form.passwordRetype, {
    message: resetPageMessages.passwordsDoNotMatch,
    path: ['passwordRetype'],
  });
export type ResetPageForm = z.input<typeof resetPageFormSchema>;

/**
 * POST /resetPassword: emailAddress, newPassword and either the mailed passwordResetCode (forgot-password
 * step 2) or the token of the mailed link (/ResetPassword/{token}).
 */
export const resetPasswordRequestSchema = z
  .object({
    emailAddress: resetEmail,
    passwordResetCode: resetCode.optional(),
    token: requiredText(resetStepMessages.codeRequired, 128, resetStepMessages.codeTooLong).optional(),
    newPassword: resetNewPassword,
  })
  .refine((request) => request.passwordResetCode !== undefined || request.token !== undefined, {
    message: resetStepMessages.codeRequired,
    path: ['passwordResetCode'],
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** GET /auth: who is logged in. */
export const sessionSchema = z.object({
  accountId: z.number().int(),
  loginName: z.string(),
  emailAddress: z.string(),
  profileName: z.string(),
});
export type Session = z.output<typeof sessionSchema>;

/** What a password reset asks the owner to review (issue 33). */
export const accountReviewKinds = ['webhook', 'wallet', 'key'] as const;
export type AccountReviewKind = (typeof accountReviewKinds)[number];

export const accountReviewItemSchema = z.object({
  kind: z.enum(accountReviewKinds),
  /** The id of the webhook endpoint, proved wallet or registered key. */
  id: z.number().int(),
  /** The webhook's URL, or the wallet's or key's address. */
  label: z.string(),
  createdOn: z.string(),
});
export type AccountReviewItem = z.output<typeof accountReviewItemSchema>;

/**
 * The webhooks, proved wallets and registered keys the sessions before a password reset created, waiting for the
 * owner to keep or remove them (webhooks are paused meanwhile). POST /resetPassword answers it too.
 */
export const accountReviewSchema = z.object({ items: z.array(accountReviewItemSchema) });
export type AccountReview = z.output<typeof accountReviewSchema>;

/** POST /accounts/review/keep and /accounts/review/remove. */
export const accountReviewDecisionSchema = z.object({
  kind: z.enum(accountReviewKinds, { error: accountReviewMessages.kindInvalid }),
  id: z
    .number({ error: accountReviewMessages.idInvalid })
    .int(accountReviewMessages.idInvalid)
    .positive(accountReviewMessages.idInvalid),
});
