import type { StepField } from '../../forms/index.ts';

/** The fields the account pages share (sign up, forgot and reset password). */
export const emailField = (label = 'Email'): StepField<'emailAddress'> => ({
  name: 'emailAddress',
  label,
  kind: 'email',
  autoComplete: 'email',
});

export const newPasswordField = <Name extends string>(name: Name, label: string): StepField<Name> => ({
  name,
  label,
  kind: 'password',
  autoComplete: 'new-password',
});

export const oneTimeCodeField = <Name extends string>(name: Name, label: string): StepField<Name> => ({
  name,
  label,
  kind: 'text',
  autoComplete: 'one-time-code',
});
