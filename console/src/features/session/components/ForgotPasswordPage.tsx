import { forgotPasswordRequestSchema, resetStepFormSchema } from '@tranche/api';
import { Card, PasswordField, TextField, TextLink } from '@tranche/ui-kit';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { StepForm, useSubmitForm } from '../../forms/index.ts';
import { PasswordChanged } from './PasswordChanged.tsx';

type Step = { name: 'email' } | { name: 'reset'; emailAddress: string } | { name: 'done' };

/** Forgot password (part 2): the email, then the mailed reset code and a new password, then success. */
export function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>({ name: 'email' });
  return (
    <Card title="Forgot password" titleLevel={1}>
      {step.name === 'email' ? (
        <EmailStep onDone={(emailAddress) => setStep({ name: 'reset', emailAddress })} />
      ) : null}
      {step.name === 'reset' ? (
        <ResetStep emailAddress={step.emailAddress} onDone={() => setStep({ name: 'done' })} />
      ) : null}
      {step.name === 'done' ? <PasswordChanged /> : null}
    </Card>
  );
}

function EmailStep({ onDone }: { onDone: (emailAddress: string) => void }) {
  const { form, error, clearError, handleSubmit } = useSubmitForm(
    forgotPasswordRequestSchema,
    { defaultValues: { emailAddress: '' } },
    async (values) => {
      await api.call('forgotPassword', { body: values });
      onDone(values.emailAddress);
    },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <StepForm
      label="Forgot password"
      intro="Enter the email address of your account and we will send you a password reset code."
      error={error}
      onDismissError={clearError}
      onSubmit={handleSubmit}
      submitLabel="Send reset code"
      submitting={isSubmitting}
      footer={
        <TextLink href={paths.login} renderLink={renderRouterLink}>
          Back to login
        </TextLink>
      }
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.emailAddress?.message}
        {...form.register('emailAddress')}
      />
    </StepForm>
  );
}

function ResetStep({ emailAddress, onDone }: { emailAddress: string; onDone: () => void }) {
  const { form, error, clearError, handleSubmit } = useSubmitForm(
    resetStepFormSchema,
    { defaultValues: { emailAddress, passwordResetCode: '', newPassword: '' } },
    async (values) => {
      await api.call('resetPassword', { body: values });
      onDone();
    },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <StepForm
      label="Reset password"
      intro="If an account exists for this address, we sent it a password reset code."
      error={error}
      onDismissError={clearError}
      onSubmit={handleSubmit}
      submitLabel="Change password"
      submitting={isSubmitting}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.emailAddress?.message}
        {...form.register('emailAddress')}
      />
      <TextField
        label="Password reset code"
        autoComplete="one-time-code"
        error={errors.passwordResetCode?.message}
        {...form.register('passwordResetCode')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
    </StepForm>
  );
}
