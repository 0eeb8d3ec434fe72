import { type ShardedKeyResult, shardingFormSchema, shardingMessages } from '@tranche/api';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Inline,
  PasswordField,
  RadioGroup,
  Stack,
  Text,
  TextArea,
  TextField,
} from '@tranche/ui-kit';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { api } from '../../../lib/api.ts';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import { isWalletConnected, useSelectWallet, useWallet } from '../../wallet/index.ts';
import { commitAlertMs } from '../atoms.ts';
import { ShareVerification } from './ShareVerification.tsx';

type Step = 'form' | 'wallet' | 'check' | 'verify' | 'done';
type FormValues = {
  keyName: string;
  recipients: string;
  minimum: string;
  createNewAccount: boolean;
  privateKey: string;
};

const emptyForm: FormValues = {
  keyName: '',
  recipients: '',
  minimum: '2',
  createNewAccount: true,
  privateKey: '',
};

/**
 * Create sharded key (part 2): form, wallet step (when no wallet is connected), security check (all signers
 * present), the signers' PDF verification and activation, success and back to the form after 4 s.
 */
export function ShardingPage() {
  const [step, setStep] = useState<Step>('form');
  const [request, setRequest] = useState<ReturnType<typeof shardingFormSchema.parse> | null>(null);
  const [present, setPresent] = useState(false);
  const [creating, setCreating] = useState(false);
  const [result, setResult] = useState<ShardedKeyResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const wallet = useWallet();
  const selectWallet = useSelectWallet();
  const form = useZodForm(shardingFormSchema, { defaultValues: emptyForm });
  const { errors } = form.formState;
  const createNew = form.watch('createNewAccount');

  // The commit alert (the key is active) hides after 4 s, and the page returns to the form with it.
  useEffect(() => {
    if (step !== 'done') return;
    const timer = setTimeout(() => {
      form.reset(emptyForm);
      setResult(null);
      setRequest(null);
      setPresent(false);
      setStep('form');
    }, commitAlertMs);
    return () => clearTimeout(timer);
  }, [step, form]);

  const submit = form.handleSubmit((values) => {
    setError(null);
    setRequest(values);
    setStep(isWalletConnected(wallet) ? 'check' : 'wallet');
  });

  const create = async () => {
    if (!request) return;
    setCreating(true);
    setError(null);
    try {
      const created = await api.call('createShardedKey', {
        body: {
          createNewAccount: request.createNewAccount,
          privateKey: request.createNewAccount ? undefined : request.privateKey.trim(),
          minimum: request.minimum,
          recipients: request.recipients,
          keyName: request.keyName,
        },
      });
      setResult(created);
      setStep('verify');
    } catch (failure) {
      setError(failure);
    } finally {
      setCreating(false);
    }
  };

  return (
    <Card title="Create sharded key" titleLevel={1}>
      <Stack space="medium">
        <ErrorAlert error={error} onDismiss={() => setError(null)} />
        {step === 'form' ? (
          <form onSubmit={submit} noValidate aria-label="Create sharded key">
            <Stack space="medium">
              <TextField
                label="Key name"
                placeholder="Treasury key"
                autoComplete="off"
                error={errors.keyName?.message}
                {...form.register('keyName')}
              />
              <TextArea
                label="Signers"
                help="The email addresses of the signers' platform accounts, separated by commas, semicolons or new lines."
                rows={4}
                error={errors.recipients?.message}
                {...form.register('recipients')}
              />
              <TextField
                label="Minimum signers"
                inputMode="numeric"
                help="How many signers must approve each transaction (at least 2)."
                error={errors.minimum?.message}
                {...form.register('minimum')}
              />
              <Controller
                control={form.control}
                name="createNewAccount"
                render={({ field }) => (
                  <RadioGroup
                    legend="Key"
                    options={[
                      { value: 'new', label: 'Create a new key' },
                      { value: 'existing', label: 'Use an existing private key' },
                    ]}
                    value={field.value ? 'new' : 'existing'}
                    onChange={(value) => field.onChange(value === 'new')}
                  />
                )}
              />
              {createNew ? null : (
                <PasswordField
                  label="Private key"
                  autoComplete="off"
                  error={errors.privateKey?.message}
                  {...form.register('privateKey')}
                />
              )}
              <div>
                <Button type="submit">Continue</Button>
              </div>
            </Stack>
          </form>
        ) : null}
        {step === 'wallet' ? (
          <Stack space="medium">
            <Alert tone="primary" title="Wallet">
              Connect a wallet to follow the key's transactions on the network, or continue without one.
            </Alert>
            <Inline space="small">
              <Button
                onClick={async () => {
                  const connected = await selectWallet();
                  if (connected) setStep('check');
                }}
              >
                Connect
              </Button>
              <Button variant="secondary" onClick={() => setStep('check')}>
                Continue
              </Button>
              <Button variant="secondary" onClick={() => setStep('form')}>
                Go back
              </Button>
            </Inline>
          </Stack>
        ) : null}
        {step === 'check' && request ? (
          <Stack space="medium">
            <Alert tone="warning" title="Security check">
              Every signer must be present in front of this screen: each opens their own PDF document with the
              password we email them now, and keeps the access code it shows. Nobody can recover a lost access
              code.
            </Alert>
            <Text>Signers: {request.recipients.join(', ')}</Text>
            <Text>
              Minimum signers: {request.minimum} of {request.recipients.length}
            </Text>
            <Checkbox label="All signers are present" checked={present} onCheckedChange={setPresent} />
            <Inline space="small">
              <Button disabled={!present} loading={creating} onClick={() => void create()}>
                Create the key
              </Button>
              <Button variant="secondary" disabled={creating} onClick={() => setStep('form')}>
                Go back
              </Button>
            </Inline>
          </Stack>
        ) : null}
        {step === 'verify' && result ? (
          <ShareVerification result={result} onActivated={() => setStep('done')} />
        ) : null}
        {step === 'done' && result ? (
          <Alert tone="success" title={shardingMessages.activated}>
            The key {result.publicAddress} is ready. Its signers approve its transactions with their access
            codes.
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
