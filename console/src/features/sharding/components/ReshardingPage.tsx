import { reshardFormSchema, type ShardedAddress, shardingMessages } from '@tranche/api';
import {
  AccessCodeDialog,
  Alert,
  Button,
  Card,
  EmptyState,
  Spinner,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Tabs,
  Text,
  TextArea,
  TextField,
} from '@tranche/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { api, describeError } from '../../../lib/api.ts';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import { shardingAlertMs } from '../atoms.ts';

/**
 * Reshard a key (part 2): the Keys tab lists the sharded keys the user signs for, each with Edit; the Summary tab
 * (once a key is chosen) takes the new signers and minimum, confirmed with the user's access code. The request
 * becomes a distributed transaction the other signers approve.
 */
export function ReshardingPage() {
  const [keys, setKeys] = useState<ShardedAddress[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [chosen, setChosen] = useState<ShardedAddress | null>(null);
  const [tab, setTab] = useState('keys');

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setKeys(await api.call('listShardedKeys'));
    } catch (failure) {
      setLoadError(failure);
      setKeys([]);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Card title="Reshard a key" titleLevel={1}>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label="Reshard a key">
          <Tabs.Trigger value="keys">Keys</Tabs.Trigger>
          {chosen ? <Tabs.Trigger value="summary">Summary</Tabs.Trigger> : null}
        </Tabs.List>
        <Tabs.Content value="keys">
          <Stack space="medium">
            <ErrorAlert error={loadError} onDismiss={() => setLoadError(null)} />
            {keys === null ? <Spinner label="Loading your sharded keys" /> : null}
            {keys !== null && keys.length === 0 && !loadError ? (
              <EmptyState title="No sharded keys" text="You do not sign for any active sharded key." />
            ) : null}
            {keys && keys.length > 0 ? (
              <Table caption="Sharded keys you sign for:" cardsOnPhone>
                <TableHead>
                  <TableRow>
                    <TableHeaderCell>Name</TableHeaderCell>
                    <TableHeaderCell>Address</TableHeaderCell>
                    <TableHeaderCell>Signers</TableHeaderCell>
                    <TableHeaderCell>Options</TableHeaderCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {keys.map((key) => (
                    <TableRow key={key.address}>
                      <TableCell label="Name">{key.name}</TableCell>
                      <TableCell label="Address">{key.address}</TableCell>
                      <TableCell label="Signers">
                        {key.minimum} of {key.total}
                      </TableCell>
                      <TableCell>
                        <Button
                          size="small"
                          variant="secondary"
                          aria-label={`Edit ${key.name}`}
                          onClick={() => {
                            setChosen(key);
                            setTab('summary');
                          }}
                        >
                          Edit
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
          </Stack>
        </Tabs.Content>
        {chosen ? (
          <Tabs.Content value="summary">
            <ReshardForm key={chosen.address} shardedKey={chosen} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </Card>
  );
}

function ReshardForm({ shardedKey }: { shardedKey: ShardedAddress }) {
  const form = useZodForm(reshardFormSchema, {
    defaultValues: { recipients: '', minimum: String(shardedKey.minimum) },
  });
  const { errors } = form.formState;
  const [values, setValues] = useState<ReturnType<typeof reshardFormSchema.parse> | null>(null);
  const [busy, setBusy] = useState(false);
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [requested, setRequested] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (requested === null) return;
    const timer = setTimeout(() => setRequested(null), shardingAlertMs);
    return () => clearTimeout(timer);
  }, [requested]);

  const submit = form.handleSubmit((parsed) => {
    setError(null);
    setCodeError(undefined);
    setValues(parsed);
  });

  const send = async (accessCode: string) => {
    if (!values) return;
    setBusy(true);
    setCodeError(undefined);
    try {
      const { id } = await api.call('reshard', {
        body: {
          accountAddress: shardedKey.address,
          accessCode,
          minimum: values.minimum,
          total: values.recipients.length,
          recipients: values.recipients,
        },
      });
      setValues(null);
      setRequested(id);
      form.reset({ recipients: '', minimum: String(shardedKey.minimum) });
    } catch (failure) {
      setCodeError(describeError(failure).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Reshard the key">
      <Stack space="medium">
        <Text>
          {shardedKey.name} ({shardedKey.address}): today {shardedKey.minimum} of {shardedKey.total} signers.
          When the other signers approve, new PDF documents replace the current ones, whose access codes stop
          working.
        </Text>
        {requested !== null ? (
          <Alert tone="success">
            {shardingMessages.reshardRequested} (transaction #{requested})
          </Alert>
        ) : null}
        <ErrorAlert error={error} onDismiss={() => setError(null)} />
        <TextArea
          label="New signers"
          help="The email addresses of the signers' platform accounts, separated by commas, semicolons or new lines."
          rows={4}
          error={errors.recipients?.message}
          {...form.register('recipients')}
        />
        <TextField
          label="Minimum signers"
          inputMode="numeric"
          error={errors.minimum?.message}
          {...form.register('minimum')}
        />
        <div>
          <Button type="submit">Reshard</Button>
        </div>
      </Stack>
      <AccessCodeDialog
        open={values !== null}
        onOpenChange={(open) => (open ? undefined : setValues(null))}
        onSubmit={(code) => void send(code)}
        busy={busy}
        error={codeError}
      />
    </form>
  );
}
