import { forgotPasswordRequestSchema, resetStepFormSchema } from '@tranche/api';
import { Card, TextLink } from '@tranche/ui-kit';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { StepForm, useSubmitForm } from '../../forms/index.ts';
import { emailField, newPasswordField, oneTimeCodeField } from './accountFields.ts';
import { PasswordChanged } from './PasswordChanged.tsx';

type Step = { name: 'email' } | { name: 'reset'; emailAddress: string } | { name: 'done'; toReview: number };

/** Forgot password (part 2): the email, then the mailed reset code and a new password, then success. */
export function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>({ name: 'email' });
  return (
    <Card title="Forgot password" titleLevel={1}>
      {step.name === 'email' ? (
        <EmailStep onDone={(emailAddress) => setStep({ name: 'reset', emailAddress })} />
      ) : null}
      {step.name === 'reset' ? (
        <ResetStep
          emailAddress={step.emailAddress}
          onDone={(toReview) => setStep({ name: 'done', toReview })}
        />
      ) : null}
      {step.name === 'done' ? <PasswordChanged toReview={step.toReview} /> : null}
    </Card>
  );
}

function EmailStep({ onDone }: { onDone: (emailAddress: string) => void }) {
  const submitForm = useSubmitForm(
    forgotPasswordRequestSchema,
    { defaultValues: { emailAddress: '' } },
    async (values) => {
      await api.call('forgotPassword', { body: values });
      onDone(values.emailAddress);
    },
  );
  return (
    <StepForm
      label="Forgot password"
      intro="Enter the email address of your account and we will send you a password reset code."
      submitForm={submitForm}
      fields={[emailField()]}
      submitLabel="Send reset code"
      footer={
        <TextLink href={paths.login} renderLink={renderRouterLink}>
          Back to login
        </TextLink>
      }
    />
  );
}

function ResetStep({ emailAddress, onDone }: { emailAddress: string; onDone: (toReview: number) => void }) {
  const submitForm = useSubmitForm(
    resetStepFormSchema,
    { defaultValues: { emailAddress, passwordResetCode: '', newPassword: '' } },
    async (values) => {
      const review = await api.call('resetPassword', { body: values });
      onDone(review.items.length);
    },
  );
  return (
    <StepForm
      label="Reset password"
      intro="If an account exists for this address, we sent it a password reset code."
      submitForm={submitForm}
      fields={[
        emailField(),
        oneTimeCodeField('passwordResetCode', 'Password reset code'),
        newPasswordField('newPassword', 'New password'),
      ]}
      submitLabel="Change password"
    />
  );
}
