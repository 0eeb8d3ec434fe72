import {
  createPartitionRequestSchema,
  issueFormSchema,
  type Partition,
  redeemFormSchema,
  tokenScreenTexts,
  txTypes,
} from '@tranche/api';
import { Button, Card, Inline, Stack, TextField } from '@tranche/ui-kit';
import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { api } from '../../../lib/api.ts';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import { AmountPartitionCommentFields } from './PartitionCommentFields.tsx';
import { PrecheckLine } from './PrecheckLine.tsx';
import { commentBytes, partitionBytes } from './shared.tsx';
import type { TokenOps } from './types.ts';

/** Issue form: amount, token holder, partition (with a nested create-new-partition form), comments. */
export function IssueForm({ ops, onCancel }: { ops: TokenOps; onCancel: () => void }) {
  const { token } = ops;
  const [partitions, setPartitions] = useState<Partition[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [creating, setCreating] = useState(false);
  const form = useZodForm(issueFormSchema, {
    defaultValues: { amount: '', holder: '', partition: '', comments: '' },
  });
  const partitionForm = useZodForm(createPartitionRequestSchema, {
    defaultValues: { name: '', description: '' },
  });
  const [createError, setCreateError] = useState<unknown>(null);

  const loadPartitions = async () => {
    try {
      setPartitions(await api.call('listPartitions'));
    } catch (error) {
      setLoadError(error);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once
  useEffect(() => {
    void loadPartitions();
  }, []);

  const options = [
    ...token.partitions.map((p) => ({ value: p.name, label: p.name })),
    ...partitions
      .filter((p) => !token.partitions.some((t) => t.name === p.name))
      .map((p) => ({ value: p.name, label: `${p.name} - ${p.description}` })),
  ];

  const handleSubmit = form.handleSubmit(async (values) => {
    if (ops.distribute) {
      ops.distribute(4, {
        holderAddress: values.holder,
        amount: String(values.amount),
        partition: values.partition,
        additionalData: values.comments,
      });
    } else if (ops.useServer) {
      await ops.submit(txTypes.tokenIssue, (accountAddress) =>
        api.call('issueTokens', {
          body: {
            symbol: token.projectCode,
            accountAddress,
            txMode: 2,
            holderAddress: values.holder,
            amount: values.amount,
            partition: values.partition,
            additionalData: values.comments,
          },
        }),
      );
    } else {
      await ops.sign(txTypes.tokenIssue, 'issueByPartition(bytes32,address,uint256,bytes)', [
        partitionBytes(values.partition),
        values.holder,
        BigInt(values.amount),
        commentBytes(values.comments),
      ]);
    }
  });

  const handleCreatePartition = partitionForm.handleSubmit(async (values) => {
    setCreateError(null);
    try {
      await api.call('createPartition', { body: values });
      await loadPartitions();
      form.setValue('partition', values.name, { shouldValidate: true });
      partitionForm.reset();
      setCreating(false);
    } catch (error) {
      setCreateError(error);
    }
  });

  const errors = form.formState.errors;
  const issueValues = issueFormSchema.omit({ comments: true }).safeParse(form.watch());
  const issuePrecheck =
    issueValues.success && ops.rights.address
      ? {
          operation: 'issue' as const,
          symbol: token.projectCode,
          accountAddress: ops.rights.address,
          holderAddress: issueValues.data.holder,
          amount: issueValues.data.amount,
          partition: issueValues.data.partition,
        }
      : null;
  return (
    <Card title="Issue tokens">
      <Stack>
        <ErrorAlert error={loadError} prefix="Could not load the partitions due to the following error" />
        <FormProvider {...form}>
          <form onSubmit={handleSubmit} noValidate aria-label="Issue tokens">
            <Stack>
              <AmountPartitionCommentFields
                partitions={options}
                between={
                  <TextField
                    label="Token holder"
                    {...form.register('holder')}
                    error={errors.holder?.message}
                  />
                }
              />
              <PrecheckLine body={issuePrecheck} />
              <Inline space="small">
                <Button type="submit" loading={form.formState.isSubmitting}>
                  Issue
                </Button>
                <Button variant="secondary" onClick={() => setCreating((open) => !open)}>
                  Create new partition
                </Button>
                <Button variant="ghost" onClick={onCancel}>
                  {tokenScreenTexts.goBack}
                </Button>
              </Inline>
            </Stack>
          </form>
        </FormProvider>
        {creating ? (
          <form onSubmit={handleCreatePartition} noValidate aria-label="Create new partition">
            <Stack>
              <ErrorAlert error={createError} />
              <TextField
                label="Partition name"
                {...partitionForm.register('description')}
                error={partitionForm.formState.errors.description?.message}
              />
              <TextField
                label="Partition value"
                {...partitionForm.register('name')}
                error={partitionForm.formState.errors.name?.message}
              />
              <Inline space="small">
                <Button type="submit" loading={partitionForm.formState.isSubmitting}>
                  Save partition
                </Button>
              </Inline>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Redeem form: amount, partition, comments. */
export function RedeemForm({ ops, onCancel }: { ops: TokenOps; onCancel: () => void }) {
  const { token } = ops;
  const form = useZodForm(redeemFormSchema, { defaultValues: { amount: '', partition: '', comments: '' } });
  const handleSubmit = form.handleSubmit(async (values) => {
    if (ops.distribute) {
      ops.distribute(3, {
        amount: String(values.amount),
        partition: values.partition,
        additionalData: values.comments,
      });
    } else if (ops.useServer) {
      await ops.submit(txTypes.tokenRedeem, (accountAddress) =>
        api.call('redeemTokens', {
          body: {
            symbol: token.projectCode,
            accountAddress,
            txMode: 2,
            amount: values.amount,
            partition: values.partition,
            additionalData: values.comments,
          },
        }),
      );
    } else {
      await ops.sign(txTypes.tokenRedeem, 'redeemByPartition', [
        partitionBytes(values.partition),
        BigInt(values.amount),
        commentBytes(values.comments),
      ]);
    }
  });
  const redeemValues = redeemFormSchema.omit({ comments: true }).safeParse(form.watch());
  const redeemPrecheck =
    redeemValues.success && ops.rights.address
      ? {
          operation: 'redeem' as const,
          symbol: token.projectCode,
          accountAddress: ops.rights.address,
          amount: redeemValues.data.amount,
          partition: redeemValues.data.partition,
        }
      : null;
  return (
    <Card title="Redeem tokens">
      <FormProvider {...form}>
        <form onSubmit={handleSubmit} noValidate aria-label="Redeem tokens">
          <Stack>
            <AmountPartitionCommentFields
              partitions={token.partitions.map((p) => ({ value: p.name, label: p.name }))}
            />
            <PrecheckLine body={redeemPrecheck} />
            <Inline space="small">
              <Button type="submit" loading={form.formState.isSubmitting}>
                Redeem
              </Button>
              <Button variant="ghost" onClick={onCancel}>
                {tokenScreenTexts.goBack}
              </Button>
            </Inline>
          </Stack>
        </form>
      </FormProvider>
    </Card>
  );
}
