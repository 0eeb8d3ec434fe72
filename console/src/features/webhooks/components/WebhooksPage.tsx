import {
  type CreateWebhookResponse,
  createWebhookRequestSchema,
  type WebhookAttempt,
  type WebhookEndpoint,
  webhookEventNames,
  webhookEventTypes,
} from '@tranche/api';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  CopyButton,
  DeliveryLog,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
  TextField,
} from '@tranche/ui-kit';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { api, describeError } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import { notifyAtom } from '../../notifications/index.ts';

function endpointState(endpoint: WebhookEndpoint): string {
  if (endpoint.disabledOn) return 'Disabled (failed for 24 hours)';
  if (endpoint.failingSince) return 'Failing';
  return 'Active';
}

/** /Webhooks: add an endpoint (its secret shown once), list and delete them, and each one's delivery log. */
export function WebhooksPage() {
  const { state, reload } = useLoad((signal) => api.call('listWebhooks', { signal }), []);
  const [created, setCreated] = useState<CreateWebhookResponse | null>(null);
  const [selected, setSelected] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useSetAtom(notifyAtom);
  const endpoints = state.status === 'ready' ? state.data.endpoints : [];

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.call('deleteWebhook', { params: { id: String(deleting.id) } });
      notify({ text: 'Webhook endpoint deleted', state: 'success' });
      if (selected?.id === deleting.id) setSelected(null);
      setDeleting(null);
      reload();
    } catch (failure) {
      notify({ text: describeError(failure).message, state: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack space="large">
      <Card title="Webhooks" titleLevel={1}>
        <Stack space="medium">
          <Text tone="muted">
            Tranche POSTs each event you choose to your endpoint, signed per the Standard Webhooks
            specification (webhook-id, webhook-timestamp and webhook-signature headers), and retries for 24
            hours until it answers 2xx.
          </Text>
          {created ? (
            <Alert tone="success" title="Endpoint added" onDismiss={() => setCreated(null)}>
              <Stack space="small">
                <Text>This signing secret is shown once. Copy it now: verify each delivery with it.</Text>
                <Text weight="medium">Signing secret</Text>
                <code>{created.secret}</code>
                <CopyButton value={created.secret} label="Copy secret" />
              </Stack>
            </Alert>
          ) : null}
          <AddEndpointForm
            onCreated={(answer) => {
              setCreated(answer);
              reload();
            }}
          />
        </Stack>
      </Card>
      <Card title="Endpoints">
        {state.status === 'error' ? <Text tone="danger">{describeError(state.error).message}</Text> : null}
        {state.status === 'ready' && endpoints.length === 0 ? (
          <Text tone="muted">No endpoints yet.</Text>
        ) : null}
        {endpoints.length > 0 ? (
          <Table caption="Webhook endpoints" cardsOnPhone>
            <TableHead>
              <TableRow>
                <TableHeaderCell>URL</TableHeaderCell>
                <TableHeaderCell>Events</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell>Actions</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {endpoints.map((endpoint) => (
                <TableRow key={endpoint.id}>
                  <TableCell label="URL">{endpoint.url}</TableCell>
                  <TableCell label="Events">{endpoint.events.join(', ')}</TableCell>
                  <TableCell label="Status">{endpointState(endpoint)}</TableCell>
                  <TableCell>
                    <Stack space="xsmall">
                      <Button
                        size="small"
                        variant="secondary"
                        onClick={() => setSelected(endpoint)}
                        aria-label={`Delivery log of ${endpoint.url}`}
                      >
                        Delivery log
                      </Button>
                      <Button
                        size="small"
                        variant="danger"
                        onClick={() => setDeleting(endpoint)}
                        aria-label={`Delete ${endpoint.url}`}
                      >
                        Delete
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </Card>
      {selected ? <DeliveryLogCard key={selected.id} endpoint={selected} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this webhook endpoint?"
        text={`No more events are sent to ${deleting?.url ?? ''}; its delivery log is deleted too.`}
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}

function AddEndpointForm({ onCreated }: { onCreated: (answer: CreateWebhookResponse) => void }) {
  const form = useZodForm(createWebhookRequestSchema, { defaultValues: { url: '', events: [] } });
  const [error, setError] = useState<unknown>(null);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onCreated(await api.call('createWebhook', { body: values }));
      form.reset({ url: '', events: [] });
    } catch (failure) {
      setError(failure);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add a webhook endpoint">
      <Stack space="medium">
        <ErrorAlert error={error} />
        <TextField
          label="Endpoint URL"
          placeholder="https://example.com/tranche-events"
          error={errors.url?.message}
          {...form.register('url')}
        />
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => {
            const chosen = new Set(field.value ?? []);
            return (
              <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
                <legend>Events</legend>
                <Stack space="xsmall">
                  {webhookEventTypes.map((type) => (
                    <Checkbox
                      key={type}
                      label={`${type}: ${webhookEventNames[type]}`}
                      checked={chosen.has(type)}
                      onCheckedChange={(checked) => {
                        const next = new Set(chosen);
                        if (checked) next.add(type);
                        else next.delete(type);
                        field.onChange(webhookEventTypes.filter((t) => next.has(t)));
                      }}
                    />
                  ))}
                </Stack>
                {errors.events ? (
                  <Text tone="danger" id="webhook-events-error">
                    {errors.events.message ?? errors.events.root?.message}
                  </Text>
                ) : null}
              </fieldset>
            );
          }}
        />
        <Button type="submit" loading={isSubmitting}>
          Add endpoint
        </Button>
      </Stack>
    </form>
  );
}

function DeliveryLogCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { state, reload } = useLoad(
    (signal) => api.call('listWebhookDeliveries', { params: { id: String(endpoint.id), page: '1' }, signal }),
    [endpoint.id],
  );
  const [replaying, setReplaying] = useState<number | undefined>();
  const notify = useSetAtom(notifyAtom);
  const attempts: WebhookAttempt[] = state.status === 'ready' ? state.data.attempts : [];
  const replay = async (row: { id: number }) => {
    const attempt = attempts.find((a) => a.id === row.id);
    if (!attempt) return;
    setReplaying(attempt.id);
    try {
      await api.call('replayWebhookDelivery', {
        params: { id: String(endpoint.id), deliveryId: String(attempt.deliveryId) },
      });
      notify({ text: `Replay of ${attempt.eventId} queued`, state: 'success' });
      setTimeout(reload, 1500);
    } catch (failure) {
      notify({ text: describeError(failure).message, state: 'error' });
    } finally {
      setReplaying(undefined);
    }
  };
  return (
    <Card
      title={`Delivery log: ${endpoint.url}`}
      actions={
        <Button size="small" variant="secondary" onClick={reload}>
          Refresh
        </Button>
      }
    >
      {state.status === 'error' ? <Text tone="danger">{describeError(state.error).message}</Text> : null}
      {state.status === 'ready' ? (
        <DeliveryLog deliveries={attempts} onReplay={(row) => void replay(row)} replayingId={replaying} />
      ) : null}
    </Card>
  );
}
