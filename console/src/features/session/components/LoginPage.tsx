import type { LoginRequest, loginRequestSchema } from '@tranche/api';
import { Alert, Button, Card, PasswordField, Stack, TextField, TextLink } from '@tranche/ui-kit';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { ErrorAlert, lazyZodResolver, useLazyZodForm } from '../../forms/index.ts';
import { startSessionAtom } from '../actions.ts';
import { loginNoticeAtom } from '../atoms.ts';
import { useReturnTo } from '../hooks/useReturnTo.ts';

// The sign-in page is the first load of most visits: its schema (and zod) arrive just after the form is drawn.
const loginResolver = lazyZodResolver<typeof loginRequestSchema>(() =>
  import('@tranche/api/accounts').then((m) => m.loginRequestSchema),
);

export function LoginPage() {
  const notice = useAtomValue(loginNoticeAtom);
  const startSession = useSetAtom(startSessionAtom);
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [error, setError] = useState<unknown>(null);
  const form = useLazyZodForm(loginResolver, { defaultValues: { loginName: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const handleLogin = form.handleSubmit(async (values: LoginRequest) => {
    setError(null);
    try {
      const { jwt } = await api.call('login', { body: values });
      startSession(jwt);
      navigate(returnTo, { replace: true });
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <Card title="Login" titleLevel={1}>
      <form onSubmit={handleLogin} noValidate aria-label="Login">
        <Stack space="medium">
          {notice ? <Alert tone="warning">{notice}</Alert> : null}
          <ErrorAlert error={error} onDismiss={() => setError(null)} />
          <TextField
            label="Login"
            autoComplete="username"
            error={errors.loginName?.message}
            {...form.register('loginName')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" loading={isSubmitting}>
            Login
          </Button>
          <TextLink href={paths.forgotPassword} renderLink={renderRouterLink}>
            I forgot my password
          </TextLink>
          <TextLink href={paths.signUp} renderLink={renderRouterLink}>
            Create an account
          </TextLink>
        </Stack>
      </form>
    </Card>
  );
}
