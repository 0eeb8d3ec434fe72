import { confirmAccountRequestSchema, signUpFormSchema } from '@tranche/api';
import { Alert, Button, Card, PasswordField, Stack, TextField, TextLink } from '@tranche/ui-kit';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { ErrorAlert, StepForm, useSubmitForm } from '../../forms/index.ts';
import { startSessionAtom } from '../actions.ts';

type Step =
  | { name: 'form' }
  | { name: 'confirm'; login: Credentials }
  | { name: 'success'; login: Credentials };
type Credentials = { loginName: string; password: string };

/** Sign up (part 2): the form, the confirmation-code step, then 'Start using the platform' which logs in. */
export function SignUpPage() {
  const [step, setStep] = useState<Step>({ name: 'form' });
  return (
    <Card title="Create your account" titleLevel={1}>
      {step.name === 'form' ? (
        <SignUpFormStep onDone={(login) => setStep({ name: 'confirm', login })} />
      ) : null}
      {step.name === 'confirm' ? (
        <ConfirmStep onDone={() => setStep({ name: 'success', login: step.login })} />
      ) : null}
      {step.name === 'success' ? <SuccessStep login={step.login} /> : null}
    </Card>
  );
}

function SignUpFormStep({ onDone }: { onDone: (login: Credentials) => void }) {
  const { form, error, clearError, handleSubmit } = useSubmitForm(
    signUpFormSchema,
    { defaultValues: { emailAddress: '', password: '', passwordRetype: '', profileName: '' } },
    async (values) => {
      await api.call('createAccount', {
        body: {
          loginName: values.emailAddress,
          emailAddress: values.emailAddress,
          password: values.password,
          profileName: values.profileName,
        },
      });
      onDone({ loginName: values.emailAddress, password: values.password });
    },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <StepForm
      label="Sign up"
      error={error}
      onDismissError={clearError}
      onSubmit={handleSubmit}
      submitLabel="Sign up"
      submitting={isSubmitting}
      footer={
        <TextLink href={paths.login} renderLink={renderRouterLink}>
          I have an account already
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
      <PasswordField
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordField
        label="Re-type password"
        autoComplete="new-password"
        error={errors.passwordRetype?.message}
        {...form.register('passwordRetype')}
      />
      <TextField
        label="Profile name"
        autoComplete="organization"
        error={errors.profileName?.message}
        {...form.register('profileName')}
      />
    </StepForm>
  );
}

function ConfirmStep({ onDone }: { onDone: () => void }) {
  const { form, error, clearError, handleSubmit } = useSubmitForm(
    confirmAccountRequestSchema,
    { defaultValues: { confirmationCode: '' } },
    async (values) => {
      await api.call('confirmAccount', { body: values });
      onDone();
    },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <StepForm
      label="Confirm your account"
      intro="We sent a confirmation code to your email address. Enter it to confirm your account."
      error={error}
      onDismissError={clearError}
      onSubmit={handleSubmit}
      submitLabel="Confirm"
      submitting={isSubmitting}
    >
      <TextField
        label="Confirmation code"
        autoComplete="one-time-code"
        error={errors.confirmationCode?.message}
        {...form.register('confirmationCode')}
      />
    </StepForm>
  );
}

function SuccessStep({ login }: { login: Credentials }) {
  const startSession = useSetAtom(startSessionAtom);
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const handleStart = async () => {
    setBusy(true);
    setError(null);
    try {
      const { jwt } = await api.call('login', { body: login });
      startSession(jwt);
      navigate(paths.newToken, { replace: true });
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <Stack space="medium">
      <Alert tone="success" title="Your account is ready">
        Your account was confirmed.
      </Alert>
      <ErrorAlert error={error} />
      <Button onClick={handleStart} loading={busy}>
        Start using the platform
      </Button>
    </Stack>
  );
}
