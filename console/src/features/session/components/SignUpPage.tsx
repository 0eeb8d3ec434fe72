import { confirmAccountRequestSchema, localDevTexts, signUpFormSchema } from '@tranche/api';
import { Alert, Button, Card, Stack, TextLink } from '@tranche/ui-kit';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { paths, routeTo } from '../../../lib/paths.ts';
import { appConfigLoadableAtom } from '../../config/index.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { ErrorAlert, StepForm, useSubmitForm } from '../../forms/index.ts';
import { startSessionAtom } from '../actions.ts';
import { emailField, newPasswordField, oneTimeCodeField } from './accountFields.ts';

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
        <ConfirmStep
          emailAddress={step.login.loginName}
          onDone={() => setStep({ name: 'success', login: step.login })}
        />
      ) : null}
      {step.name === 'success' ? <SuccessStep login={step.login} /> : null}
    </Card>
  );
}

function SignUpFormStep({ onDone }: { onDone: (login: Credentials) => void }) {
  const submitForm = useSubmitForm(
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
  return (
    <StepForm
      label="Sign up"
      submitForm={submitForm}
      fields={[
        emailField(),
        newPasswordField('password', 'Password'),
        newPasswordField('passwordRetype', 'Re-type password'),
        { name: 'profileName', label: 'Profile name', kind: 'text', autoComplete: 'organization' },
      ]}
      submitLabel="Sign up"
      footer={
        <Stack space="small">
          <TextLink href={paths.login} renderLink={renderRouterLink}>
            I have an account already
          </TextLink>
          <LocalMailLink emailAddress="" text={localDevTexts.signUpMailLinkBefore} />
        </Stack>
      }
    />
  );
}

/** Local mode keeps mail on this machine: a link to the sign-up's own mail (opens beside this page, which keeps its step). */
function LocalMailLink({ emailAddress, text }: { emailAddress: string; text: string }) {
  const config = useAtomValue(appConfigLoadableAtom);
  if (config.state !== 'hasData' || !config.data.local) return null;
  return (
    <TextLink href={routeTo.LocalSignUpMail(emailAddress)} external>
      {text}
    </TextLink>
  );
}

function ConfirmStep({ emailAddress, onDone }: { emailAddress: string; onDone: () => void }) {
  const submitForm = useSubmitForm(
    confirmAccountRequestSchema,
    { defaultValues: { confirmationCode: '' } },
    async (values) => {
      await api.call('confirmAccount', { body: values });
      onDone();
    },
  );
  return (
    <StepForm
      label="Confirm your account"
      intro="We sent a confirmation code to your email address. Enter it to confirm your account."
      submitForm={submitForm}
      fields={[oneTimeCodeField('confirmationCode', 'Confirmation code')]}
      submitLabel="Confirm"
      footer={<LocalMailLink emailAddress={emailAddress} text={localDevTexts.signUpMailLink} />}
    />
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
