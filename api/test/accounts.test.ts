import { describe, expect, it } from 'vitest';
import {
  createAccountRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  resetPageFormSchema,
  resetPageMessages,
  resetPasswordRequestSchema,
  resetStepFormSchema,
  resetStepMessages,
  signUpFormSchema,
  signUpMessages,
  loginMessages,
  forgotPasswordMessages,
} from '../src/index.ts';

function firstMessage(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error?.issues[0]?.message;
}

const goodSignUp = {
  emailAddress: 'Ann@Example.com',
  password: 'correct horse',
  passwordRetype: 'correct horse',
  profileName: 'Ann',
};

describe('sign up form', () => {
  it('accepts a complete form and lower-cases the email', () => {
    const parsed = signUpFormSchema.parse(goodSignUp);
    expect(parsed.emailAddress).toBe('ann@example.com');
  });
  it.each([
    [{ ...goodSignUp, emailAddress: '' }, signUpMessages.emailRequired],
    [{ ...goodSignUp, emailAddress: undefined }, signUpMessages.emailRequired],
    [{ ...goodSignUp, emailAddress: 'not-an-email' }, signUpMessages.emailInvalid],
    [{ ...goodSignUp, password: '', passwordRetype: '' }, signUpMessages.passwordRequired],
    [{ ...goodSignUp, password: 'short', passwordRetype: 'short' }, signUpMessages.passwordTooShort],
    [{ ...goodSignUp, passwordRetype: 'different!' }, signUpMessages.passwordsDoNotMatch],
    [{ ...goodSignUp, profileName: '   ' }, signUpMessages.profileNameRequired],
  ])('%o answers %s', (value, message) => {
    expect(firstMessage(signUpFormSchema, value)).toBe(message);
  });
  it('the request schema needs every field', () => {
    expect(firstMessage(createAccountRequestSchema, {})).toBe(signUpMessages.emailRequired);
  });
});

describe('login, forgot and reset', () => {
  it('login messages', () => {
    expect(firstMessage(loginRequestSchema, {})).toBe(loginMessages.loginRequired);
    expect(firstMessage(loginRequestSchema, { loginName: 'a' })).toBe(loginMessages.passwordRequired);
  });
  it('forgot messages', () => {
    expect(firstMessage(forgotPasswordRequestSchema, {})).toBe(forgotPasswordMessages.emailRequired);
    expect(firstMessage(forgotPasswordRequestSchema, { emailAddress: 'x' })).toBe(
      forgotPasswordMessages.emailInvalid,
    );
  });
  it('reset step messages', () => {
    expect(firstMessage(resetStepFormSchema, {})).toBe(resetStepMessages.emailRequired);
    expect(firstMessage(resetStepFormSchema, { emailAddress: 'a@b.co' })).toBe(
      resetStepMessages.codeRequired,
    );
    expect(firstMessage(resetStepFormSchema, { emailAddress: 'a@b.co', passwordResetCode: '1' })).toBe(
      resetStepMessages.newPasswordRequired,
    );
  });
  it('reset page messages', () => {
    expect(firstMessage(resetPageFormSchema, {})).toBe(resetPageMessages.emailRequired);
    expect(firstMessage(resetPageFormSchema, { emailAddress: 'nope' })).toBe(resetPageMessages.emailInvalid);
    expect(firstMessage(resetPageFormSchema, { emailAddress: 'a@b.co' })).toBe(
      resetPageMessages.passwordRequired,
    );
    expect(
      firstMessage(resetPageFormSchema, {
        emailAddress: 'a@b.co',
        newPassword: 'abc',
        passwordRetype: 'abc',
      }),
    ).toBe(resetPageMessages.passwordTooShort);
    expect(
      firstMessage(resetPageFormSchema, {
        emailAddress: 'a@b.co',
        newPassword: 'abcdefgh',
        passwordRetype: 'abcdefgx',
      }),
    ).toBe(resetPageMessages.passwordsDoNotMatch);
  });
  it('the reset request needs a code or a token', () => {
    const base = { emailAddress: 'a@b.co', newPassword: 'abcdefgh' };
    expect(firstMessage(resetPasswordRequestSchema, base)).toBe(resetStepMessages.codeRequired);
    expect(firstMessage(resetPasswordRequestSchema, { ...base, token: 't' })).toBe('ok');
    expect(firstMessage(resetPasswordRequestSchema, { ...base, passwordResetCode: '12345678' })).toBe('ok');
  });
});
