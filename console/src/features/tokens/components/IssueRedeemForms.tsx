import {
  createPartitionRequestSchema,
  formatAmount,
  issueFormSchema,
  type Partition,
  redeemFormSchema,
  tokenScreenTexts,
  txTypes,
} from '@tranche/api';
import { Button, Card, Inline, Stack, TextField } from '@tranche/ui-kit';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import { HolderPicker, registerNames } from '../../register/index.ts';
import { OperationSummary } from './OperationSummary.tsx';
import {
  OperationForm,
  onlyPartition,
  operationPrecheck,
  partitionOptions,
  runPartitionOperation,
} from './OperationForm.tsx';
import type { TokenOps } from './types.ts';

/** Issue form: amount, token holder, partition (with a nested create-new-partition form), comments. */
export function IssueForm({ ops, onCancel }: { ops: TokenOps; onCancel: () => void }) {
  const { token } = ops;
  const [partitions, setPartitions] = useState<Partition[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [creating, setCreating] = useState(false);
  const form = useZodForm(issueFormSchema, {
    defaultValues: { amount: '', holder: '', partition: onlyPartition(ops), comments: '' },
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
    ...partitionOptions(ops),
    ...partitions
      .filter((p) => !token.partitions.some((t) => t.name === p.name))
      .map((p) => ({ value: p.name, label: `${p.name} - ${p.description}` })),
  ];

  // A confirmation first (as the controller operations'): Go back keeps the form as it was.
  const handleSubmit = form.handleSubmit(async (values) => {
    const names = await registerNames(token.projectCode, [values.holder]);
    ops.confirm({
      title: 'Issue tokens',
      cancelLabel: tokenScreenTexts.goBack,
      text: (
        <OperationSummary
          action={`Issue ${formatAmount(values.amount, { symbol: token.projectCode })}`}
          parties={[['To', values.holder]]}
          names={names}
          partitions={[values.partition]}
          partitionWord="On"
        />
      ),
      onConfirm: () =>
        void runPartitionOperation(ops, {
          txType: txTypes.tokenIssue,
          distributedType: 4,
          server: (accountAddress) =>
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
          method: 'issueByPartition(bytes32,address,uint256,bytes)',
          parties: [values.holder],
          values,
        }),
    });
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

  const issuePrecheck = operationPrecheck(
    ops,
    'issue',
    issueFormSchema.omit({ comments: true }).safeParse(form.watch()),
    (values) => ({ holderAddress: values.holder }),
  );
  return (
    <Card title="Issue tokens">
      <Stack>
        <ErrorAlert error={loadError} prefix="Could not load the partitions due to the following error" />
        <OperationForm
          title="Issue tokens"
          form={form}
          onSubmit={handleSubmit}
          partitions={options}
          between={
            <HolderPicker
              control={form.control}
              name="holder"
              label="Token holder"
              symbol={token.projectCode}
            />
          }
          precheck={issuePrecheck}
          submitLabel="Issue"
          buttons={
            <>
              <Button variant="secondary" onClick={() => setCreating((open) => !open)}>
                Create new partition
              </Button>
              <Button variant="ghost" onClick={onCancel}>
                {tokenScreenTexts.goBack}
              </Button>
            </>
          }
        />
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
  const form = useZodForm(redeemFormSchema, {
    defaultValues: { amount: '', partition: onlyPartition(ops), comments: '' },
  });
  // A confirmation first, naming the wallet it redeems from when one is connected: Go back keeps the form.
  const handleSubmit = form.handleSubmit(async (values) => {
    const from = ops.rights.address;
    const names = from ? await registerNames(token.projectCode, [from]) : new Map<string, string>();
    ops.confirm({
      title: 'Redeem tokens',
      cancelLabel: tokenScreenTexts.goBack,
      text: (
        <OperationSummary
          action={`Redeem ${formatAmount(values.amount, { symbol: token.projectCode })}`}
          parties={from ? [['From', from]] : []}
          names={names}
          partitions={[values.partition]}
        />
      ),
      onConfirm: () =>
        void runPartitionOperation(ops, {
          txType: txTypes.tokenRedeem,
          distributedType: 3,
          server: (accountAddress) =>
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
          method: 'redeemByPartition',
          parties: [],
          values,
        }),
    });
  });
  const redeemPrecheck = operationPrecheck(
    ops,
    'redeem',
    redeemFormSchema.omit({ comments: true }).safeParse(form.watch()),
  );
  return (
    <Card title="Redeem tokens">
      <OperationForm
        title="Redeem tokens"
        form={form}
        onSubmit={handleSubmit}
        partitions={partitionOptions(ops)}
        precheck={redeemPrecheck}
        submitLabel="Redeem"
        buttons={
          <Button variant="ghost" onClick={onCancel}>
            {tokenScreenTexts.goBack}
          </Button>
        }
      />
    </Card>
  );
}
