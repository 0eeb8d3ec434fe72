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
  const [done, setDone] = useState<{ toReview: number } | null>(null);
  const submitForm = useSubmitForm(
    resetPageFormSchema,
    { defaultValues: { emailAddress: '', newPassword: '', passwordRetype: '' } },
    async (values) => {
      const review = await api.call('resetPassword', {
        body: { emailAddress: values.emailAddress, token, newPassword: values.newPassword },
      });
      setDone({ toReview: review.items.length });
    },
  );
  return (
    <Card title="Reset password" titleLevel={1}>
      {done ? (
        <PasswordChanged toReview={done.toReview} />
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
