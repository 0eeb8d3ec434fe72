import { transferFormSchema, txTypes } from '@tranche/api';
import { Card, TextField } from '@tranche/ui-kit';
import { useZodForm } from '../../forms/index.ts';
import { OperationForm, operationPrecheck, partitionCallArgs, partitionOptions } from './OperationForm.tsx';
import type { TokenOps } from './types.ts';

/** The Transfer tab: the connected wallet sends from its own balance in a partition (the pre-check says first). */
export function TransferTab({ ops }: { ops: TokenOps }) {
  const form = useZodForm(transferFormSchema, {
    defaultValues: { toAddress: '', amount: '', partition: '', comments: '' },
  });
  const handleSubmit = form.handleSubmit(async (values) => {
    await ops.sign(
      txTypes.tokenTransfer,
      'transferByPartition',
      partitionCallArgs(values, [values.toAddress]),
    );
  });
  const precheck = operationPrecheck(
    ops,
    'transfer',
    transferFormSchema.omit({ comments: true }).safeParse(form.watch()),
    (values) => ({ toAddress: values.toAddress }),
  );
  return (
    <Card title="Transfer tokens">
      <OperationForm
        title="Transfer tokens"
        form={form}
        onSubmit={handleSubmit}
        partitions={partitionOptions(ops)}
        between={
          <TextField
            label="To address"
            {...form.register('toAddress')}
            error={form.formState.errors.toAddress?.message}
          />
        }
        precheck={precheck}
        submitLabel="Transfer"
      />
    </Card>
  );
}
