import { transferFormSchema, txTypes } from '@tranche/api';
import { Button, Card, Inline, Stack, TextField } from '@tranche/ui-kit';
import { FormProvider } from 'react-hook-form';
import { useZodForm } from '../../forms/index.ts';
import { AmountPartitionCommentFields } from './PartitionCommentFields.tsx';
import { PrecheckLine } from './PrecheckLine.tsx';
import { commentBytes, partitionBytes } from './shared.tsx';
import type { TokenOps } from './types.ts';

/** The Transfer tab: the connected wallet sends from its own balance in a partition (the pre-check says first). */
export function TransferTab({ ops }: { ops: TokenOps }) {
  const { token } = ops;
  const form = useZodForm(transferFormSchema, {
    defaultValues: { toAddress: '', amount: '', partition: '', comments: '' },
  });
  const handleSubmit = form.handleSubmit(async (values) => {
    await ops.sign(txTypes.tokenTransfer, 'transferByPartition', [
      partitionBytes(values.partition),
      values.toAddress,
      BigInt(values.amount),
      commentBytes(values.comments),
    ]);
  });
  const checked = transferFormSchema.omit({ comments: true }).safeParse(form.watch());
  const precheck =
    checked.success && ops.rights.address
      ? {
          operation: 'transfer' as const,
          symbol: token.projectCode,
          accountAddress: ops.rights.address,
          toAddress: checked.data.toAddress,
          amount: checked.data.amount,
          partition: checked.data.partition,
        }
      : null;
  return (
    <Card title="Transfer tokens">
      <FormProvider {...form}>
        <form onSubmit={handleSubmit} noValidate aria-label="Transfer tokens">
          <Stack>
            <AmountPartitionCommentFields
              partitions={token.partitions.map((p) => ({ value: p.name, label: p.name }))}
              between={
                <TextField
                  label="To address"
                  {...form.register('toAddress')}
                  error={form.formState.errors.toAddress?.message}
                />
              }
            />
            <PrecheckLine body={precheck} />
            <Inline space="small">
              <Button type="submit" loading={form.formState.isSubmitting}>
                Transfer
              </Button>
            </Inline>
          </Stack>
        </form>
      </FormProvider>
    </Card>
  );
}
