// Part of messages.ts (which re-exports it): the texts of signing up and in, of the session and of reading answers,
// and the input checks every form field shares. Written once, here.

import { formatAmount } from '@tranche/contracts/units';

/** Part 2, section 5: sign up. */
export const signUpMessages = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'The email address does not seem to be valid',
  passwordRequired: 'Please set the password of your new account',
  passwordTooShort: 'The password should be at least 8 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  profileNameRequired: 'Please enter a profile name',
  confirmationCodeRequired: 'The access code is required',
  // ours
  emailTooLong: 'The email address is too long',
  passwordTooLong: 'The password is too long',
  profileNameTooLong: 'The profile name is too long',
  confirmationCodeTooLong: 'The access code is too long',
} as const;

/** Part 2, section 5: login. */
export const loginMessages = {
  loginRequired: 'The login is required',
  passwordRequired: 'The password is required',
  // ours
  loginTooLong: 'The login is too long',
  passwordTooLong: 'The password is too long',
} as const;

/** Part 2, section 5: forgot password (step 1) and the reset step of the forgot-password flow (step 2). */
export const forgotPasswordMessages = {
  emailRequired: 'The email address is required',
  emailInvalid: 'The email address is invalid',
  // ours
  emailTooLong: 'The email address is too long',
} as const;

export const resetStepMessages = {
  emailRequired: 'The email address is required',
  codeRequired: 'The password reset code is required',
  newPasswordRequired: 'The new password is required',
  // ours (the spec gives the length rule, this text reuses the sign-up wording)
  newPasswordTooShort: 'The password should be at least 8 characters long',
  emailInvalid: 'The email address is invalid',
  codeTooLong: 'The password reset code is too long',
  newPasswordTooLong: 'The password is too long',
} as const;

/** Part 2, section 5: the reset password page (/ResetPassword/{token}). */
export const resetPageMessages = {
  emailRequired: 'Email Address is required.',
  emailInvalid: 'Email is not valid',
  passwordRequired: 'Password is required.',
  passwordTooShort: 'Password should be at least 8 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

/** Server answers for accounts and sessions (ours unless noted). */
export const accountErrors = {
  /** Part 1, section 8. */
  authenticationRequired: 'Authentication required',
  /** Part 1, section 8. */
  sessionExpired: 'Your session expired. Login again.',
  /** Part 1, section 8: what client helpers return without a session. */
  notLoggedIn: 'Not logged in',
  wrongCredentials: 'The login or the password is incorrect',
  notConfirmed:
    'Your account is not confirmed yet. Enter the confirmation code we sent to your email address.',
  tooManyAttempts: 'Too many attempts. Wait a few minutes and try again.',
  emailTaken: 'An account with this email address exists already',
  confirmationCodeInvalid: 'The access code is invalid or was used already',
  resetCodeInvalid: 'The password reset code is invalid or has expired',
  resetTokenInvalid: 'This password reset link is invalid or has expired',
  resetCodeOrTokenRequired: 'The password reset code is required',
  forgotPasswordAccepted: 'If an account exists for this address, we sent it a password reset code.',
} as const;

/**
 * Ours (issue 34): an error alert's title names the problem where the server's answer says what it is; other
 * refusals keep the spec's 'Validation error'.
 */
export const errorTitles: Readonly<Record<string, string>> = {
  [accountErrors.wrongCredentials]: 'Wrong email or password',
  [accountErrors.sessionExpired]: 'Session expired',
  [accountErrors.tooManyAttempts]: 'Too many attempts',
  [accountErrors.notConfirmed]: 'Account not confirmed',
};

/** `1 address`, `2 addresses`, `1,500 holders`: a count and its noun in the right number. */
export function countOf(count: number | bigint, one: string, many = `${one}s`): string {
  return `${formatAmount(count)} ${count === 1 || count === 1n ? one : many}`;
}

/** Generic answers of the API (ours). */
export const apiErrors = {
  validationTitle: 'Validation error',
  errorTitle: 'Error',
  notFound: 'This API call does not exist',
  bodyTooLarge: 'The request body is too large',
  bodyNotJson: 'The request body is not valid JSON',
  bodyNotObject: 'The request body must be a JSON object',
  unsupportedMediaType: 'The request body must be sent as application/json',
  internal: 'Something went wrong on the server. Try again later.',
  notAvailableYet: 'This call is not available on this server yet',
  localOnly: 'This call is only available in the local environment',
  unexpectedAnswer: 'The server sent an answer this console does not understand',
  badRequest: 'The request is invalid',
  hashingBusy: 'The server is busy checking passwords. Try again in a few seconds.',
  hostNotAllowed: 'This server does not answer for this host name',
  chainUnavailable: 'The chain does not answer. Try again later.',
  contractNotOnChain:
    'The chain does not hold this contract: its node may still be catching up, or it is not the chain the contract was deployed on. Try again later.',
} as const;

/** Input checks shared by every field of every form and API call (api/src/schemas/fields.ts). */
export const inputMessages = {
  controlCharacters: 'Text cannot contain control characters (such as NUL or, outside comments, line breaks)',
  formatCharacters:
    'A name cannot contain invisible formatting characters (such as right-to-left overrides or zero-width spaces). Type the name again without them',
  numberTooLarge: 'The number is too large',
  pageTooLarge: 'The page number is too large',
  blockNumberInvalid: 'The block number is invalid',
  codebaseTypeInvalid: 'The codebase type must be 1, 2 or 3',
} as const;
