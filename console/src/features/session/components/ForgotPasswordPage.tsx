import {
  type ForgotPasswordRequest,
  type ResetStepForm,
  forgotPasswordRequestSchema,
  resetStepFormSchema,
} from '@tranche/api';
import { Alert, Button, Card, PasswordField, Stack, Text, TextField, TextLink } from '@tranche/ui-kit';
import { useState } from 'react';
import { api } from '../../../app/api.ts';
import { paths } from '../../../app/paths.ts';
import { renderRouterLink } from '../../../app/renderRouterLink.tsx';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';

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
      {step.name === 'done' ? (
        <Stack space="medium">
          <Alert tone="success" title="Password changed">
            Your password was changed. Log in with your new password.
          </Alert>
          <TextLink href={paths.login} renderLink={renderRouterLink}>
            Go to login
          </TextLink>
        </Stack>
      ) : null}
    </Card>
  );
}

function EmailStep({ onDone }: { onDone: (emailAddress: string) => void }) {
  const [error, setError] = useState<unknown>(null);
  const form = useZodForm(forgotPasswordRequestSchema, { defaultValues: { emailAddress: '' } });
  const { errors, isSubmitting } = form.formState;
  const handleSend = form.handleSubmit(async (values: ForgotPasswordRequest) => {
    setError(null);
    try {
      await api.call('forgotPassword', { body: values });
      onDone(values.emailAddress);
    } catch (failure) {
      setError(failure);
    }
  });
  return (
    <form onSubmit={handleSend} noValidate aria-label="Forgot password">
      <Stack space="medium">
        <Text>Enter the email address of your account and we will send you a password reset code.</Text>
        <ErrorAlert error={error} onDismiss={() => setError(null)} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.emailAddress?.message}
          {...form.register('emailAddress')}
        />
        <Button type="submit" loading={isSubmitting}>
          Send reset code
        </Button>
        <TextLink href={paths.login} renderLink={renderRouterLink}>
          Back to login
        </TextLink>
      </Stack>
    </form>
  );
}

function ResetStep({ emailAddress, onDone }: { emailAddress: string; onDone: () => void }) {
  const [error, setError] = useState<unknown>(null);
  const form = useZodForm(resetStepFormSchema, {
    defaultValues: { emailAddress, passwordResetCode: '', newPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const handleReset = form.handleSubmit(async (values: ResetStepForm) => {
    setError(null);
    try {
      await api.call('resetPassword', { body: values });
      onDone();
    } catch (failure) {
      setError(failure);
    }
  });
  return (
    <form onSubmit={handleReset} noValidate aria-label="Reset password">
      <Stack space="medium">
        <Text>If an account exists for this address, we sent it a password reset code.</Text>
        <ErrorAlert error={error} onDismiss={() => setError(null)} />
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
        <Button type="submit" loading={isSubmitting}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
