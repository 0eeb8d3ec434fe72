import { countOf, snapshotFormSchema, type SnapshotSummary } from '@tranche/api';
import {
  Button,
  Card,
  formatClock,
  formatDate,
  Inline,
  RadioGroup,
  Select,
  Stack,
  Text,
  TextField,
} from '@tranche/ui-kit';
import { useEffect, useState } from 'react';
import { api, downloadFile } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { dateTimeLocalValue, useChainClock } from '../../config/index.ts';
import { ErrorAlert, useSubmitForm } from '../../forms/index.ts';

const sources = [
  { value: 'existing', label: 'An existing register' },
  { value: 'block', label: 'A new register at a record block' },
  { value: 'date', label: 'A new register at a record date' },
];

function when(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(date)} ${formatClock(date)}`;
}

/** A register's figures and its CSV and PDF exports. */
export function RegisterSummary({ snapshot }: { snapshot: SnapshotSummary }) {
  const [error, setError] = useState<unknown>(null);
  const file = (kind: 'csv' | 'pdf') => () => {
    setError(null);
    const path = api.url(kind === 'csv' ? 'snapshotCsv' : 'snapshotPdf', { id: snapshot.id });
    downloadFile(path, `${snapshot.symbol}-register-${snapshot.blockNumber}.${kind}`).catch(setError);
  };
  return (
    <Card
      title={`Register #${snapshot.id}`}
      titleLevel={3}
      actions={
        <Inline space="small">
          <Button variant="secondary" onClick={file('csv')}>
            Export CSV
          </Button>
          <Button variant="secondary" onClick={file('pdf')}>
            Export PDF register
          </Button>
        </Inline>
      }
    >
      <Stack space="small">
        <Text>{`Record block ${snapshot.blockNumber} (${when(snapshot.blockTime)}), ${snapshot.partitionName ?? 'all partitions'}`}</Text>
        <Text>{`${countOf(snapshot.holders, 'holder')}, ${countOf(BigInt(snapshot.total), 'token')} in total`}</Text>
        <Text size="small" mono>{`Merkle root ${snapshot.merkleRoot}`}</Text>
        <ErrorAlert error={error} prefix="Could not download the register due to the following error" />
      </Stack>
    </Card>
  );
}

/** Step 1: the record-date register the distribution pays by, picked or made at a block or a date. */
export function RegisterStep({
  symbol,
  partitions,
  onChosen,
}: {
  symbol: string;
  partitions: readonly string[];
  onChosen: (snapshot: SnapshotSummary) => void;
}) {
  const list = useLoad(() => api.call('listSnapshots', { params: { symbol } }), [symbol]);
  const existing = list.state.status === 'ready' ? list.state.data : [];
  const { form, error, clearError, handleSubmit } = useSubmitForm(
    snapshotFormSchema,
    { defaultValues: { source: 'block', snapshotId: '', blockNumber: '', date: '', partition: '' } },
    async (values) => {
      if (values.source === 'existing') {
        const found = existing.find((s) => String(s.id) === values.snapshotId);
        if (found) onChosen(found);
        return;
      }
      const partition = values.partition || undefined;
      const created = await api.call('createSnapshot', {
        body:
          values.source === 'block'
            ? { symbol, blockNumber: Number(values.blockNumber), partition }
            : { symbol, date: new Date(values.date).toISOString(), partition },
      });
      onChosen(created);
    },
  );
  const source = form.watch('source');
  const errors = form.formState.errors;
  // A record date starts at the chain's time now (a dev chain's clock may run ahead of this browser's): the register
  // then holds every transaction made so far.
  const clock = useChainClock();
  useEffect(() => {
    if (source === 'date' && clock.ready && !form.getFieldState('date').isDirty)
      form.setValue('date', dateTimeLocalValue(clock.now(), true));
  }, [source, clock, form]);
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Record-date register">
      <Stack>
        <ErrorAlert error={list.state.status === 'error' ? list.state.error : null} />
        <ErrorAlert error={error} onDismiss={clearError} />
        <RadioGroup
          legend="Pay by"
          options={sources.map((s) => ({ ...s, disabled: s.value === 'existing' && existing.length === 0 }))}
          value={source}
          onChange={(value) => form.setValue('source', value as typeof source)}
        />
        {source === 'existing' ? (
          <Select
            label="Register"
            placeholder="Select a register"
            options={existing.map((s) => ({
              value: String(s.id),
              label: `#${s.id}: block ${s.blockNumber}, ${countOf(s.holders, 'holder')}, ${s.partitionName ?? 'all partitions'}`,
            }))}
            value={form.watch('snapshotId') ?? ''}
            onChange={(value) => form.setValue('snapshotId', value, { shouldValidate: true })}
            error={errors.snapshotId?.message}
          />
        ) : (
          <>
            {source === 'block' ? (
              <TextField
                label="Record block"
                inputMode="numeric"
                {...form.register('blockNumber')}
                error={errors.blockNumber?.message}
              />
            ) : (
              <TextField
                label="Record date"
                type="datetime-local"
                step={1}
                help="The register is taken at the last block at or before this time."
                {...form.register('date')}
                error={errors.date?.message}
              />
            )}
            <Select
              label="Partition"
              options={[
                { value: '*', label: 'All partitions' },
                ...partitions.map((name) => ({ value: name, label: name })),
              ]}
              value={form.watch('partition') || '*'}
              onChange={(value) => form.setValue('partition', value === '*' ? '' : value)}
            />
          </>
        )}
        <Inline>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {source === 'existing' ? 'Use this register' : 'Take the register'}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}
