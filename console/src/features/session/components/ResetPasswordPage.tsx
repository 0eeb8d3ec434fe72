import { resetPageFormSchema } from '@tranche/api';
import { Card } from '@tranche/ui-kit';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { StepForm, useSubmitForm } from '../../forms/index.ts';
import { emailField, newPasswordField } from './accountFields.ts';
import { PasswordChanged } from './PasswordChanged.tsx';

/** The reset password page reached from the mailed link: /ResetPassword/{token}. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const submitForm = useSubmitForm(
    resetPageFormSchema,
    { defaultValues: { emailAddress: '', newPassword: '', passwordRetype: '' } },
    async (values) => {
      await api.call('resetPassword', {
        body: { emailAddress: values.emailAddress, token, newPassword: values.newPassword },
      });
      setDone(true);
    },
  );
  return (
    <Card title="Reset password" titleLevel={1}>
      {done ? (
        <PasswordChanged />
      ) : (
        <StepForm
          label="Reset password"
          submitForm={submitForm}
          fields={[
            emailField('Email Address'),
            newPasswordField('newPassword', 'New password'),
            newPasswordField('passwordRetype', 'Re-type new password'),
          ]}
          submitLabel="Change password"
        />
      )}
    </Card>
  );
}
