import { resetPageFormSchema } from '@tranche/api';
import { Alert, Button, Card, PasswordField, Stack, TextField, TextLink } from '@tranche/ui-kit';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '../../../app/api.ts';
import { paths } from '../../../app/paths.ts';
import { renderRouterLink } from '../../../app/renderRouterLink.tsx';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';

/** The reset password page reached from the mailed link: /ResetPassword/{token}. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useZodForm(resetPageFormSchema, {
    defaultValues: { emailAddress: '', newPassword: '', passwordRetype: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const handleReset = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await api.call('resetPassword', {
        body: { emailAddress: values.emailAddress, token, newPassword: values.newPassword },
      });
      setDone(true);
    } catch (failure) {
      setError(failure);
    }
  });
  return (
    <Card title="Reset password" titleLevel={1}>
      {done ? (
        <Stack space="medium">
          <Alert tone="success" title="Password changed">
            Your password was changed. Log in with your new password.
          </Alert>
          <TextLink href={paths.login} renderLink={renderRouterLink}>
            Go to login
          </TextLink>
        </Stack>
      ) : (
        <form onSubmit={handleReset} noValidate aria-label="Reset password">
          <Stack space="medium">
            <ErrorAlert error={error} onDismiss={() => setError(null)} />
            <TextField
              label="Email Address"
              type="email"
              autoComplete="email"
              error={errors.emailAddress?.message}
              {...form.register('emailAddress')}
            />
            <PasswordField
              label="New password"
              autoComplete="new-password"
              error={errors.newPassword?.message}
              {...form.register('newPassword')}
            />
            <PasswordField
              label="Re-type new password"
              autoComplete="new-password"
              error={errors.passwordRetype?.message}
              {...form.register('passwordRetype')}
            />
            <Button type="submit" loading={isSubmitting}>
              Change password
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
