import { keyMessages, keysFormSchema, type RegisterCredentialsRequest } from '@tranche/api';
import { Alert, Button, Card, PasswordField, Stack, TextField } from '@tranche/ui-kit';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { ErrorAlert, useZodForm } from '../forms/index.ts';
import { addressRegisteredAtom } from '../wallet/index.ts';

/** How long the success alert stays (part 2, section 9: register keys 2.5 s). */
export const keysAlertMs = 2500;

/** Register my keys (part 2): public address and private key; a leading 0x is stripped before sending. */
export function KeysPage() {
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const markRegistered = useSetAtom(addressRegisteredAtom);
  const form = useZodForm(keysFormSchema, { defaultValues: { publicKey: '', privateKey: '' } });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), keysAlertMs);
    return () => clearTimeout(timer);
  }, [done]);

  const submit = form.handleSubmit(async (values: RegisterCredentialsRequest) => {
    setError(null);
    setDone(false);
    try {
      await api.call('registerCredentials', {
        body: {
          publicKey: values.publicKey.replace(/^0x/i, ''),
          privateKey: values.privateKey.replace(/^0x/i, ''),
        },
      });
      markRegistered(values.publicKey);
      form.reset({ publicKey: '', privateKey: '' });
      setDone(true);
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <Card title="Register my keys" titleLevel={1}>
      <form onSubmit={submit} noValidate aria-label="Register my keys">
        <Stack space="medium">
          {done ? <Alert tone="success">{keyMessages.registered}</Alert> : null}
          <ErrorAlert error={error} onDismiss={() => setError(null)} />
          <TextField
            label="Public address"
            placeholder="0x..."
            autoComplete="off"
            error={errors.publicKey?.message}
            {...form.register('publicKey')}
          />
          <PasswordField
            label="Private key"
            autoComplete="off"
            error={errors.privateKey?.message}
            {...form.register('privateKey')}
          />
          <Button type="submit" loading={isSubmitting}>
            Register
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
