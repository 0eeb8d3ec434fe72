import { resetPageFormSchema } from '@tranche/api';
import { Card, PasswordField, TextField } from '@tranche/ui-kit';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { StepForm, useSubmitForm } from '../../forms/index.ts';
import { PasswordChanged } from './PasswordChanged.tsx';

/** The reset password page reached from the mailed link: /ResetPassword/{token}. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const { form, error, clearError, handleSubmit } = useSubmitForm(
    resetPageFormSchema,
    { defaultValues: { emailAddress: '', newPassword: '', passwordRetype: '' } },
    async (values) => {
      await api.call('resetPassword', {
        body: { emailAddress: values.emailAddress, token, newPassword: values.newPassword },
      });
      setDone(true);
    },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <Card title="Reset password" titleLevel={1}>
      {done ? (
        <PasswordChanged />
      ) : (
        <StepForm
          label="Reset password"
          error={error}
          onDismissError={clearError}
          onSubmit={handleSubmit}
          submitLabel="Change password"
          submitting={isSubmitting}
        >
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
        </StepForm>
      )}
    </Card>
  );
}
