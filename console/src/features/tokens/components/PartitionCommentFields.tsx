import { Select, TextArea, TextField } from '@tranche/ui-kit';
import { useFormContext } from 'react-hook-form';

/** The fields a partitioned token operation shares; its form's values hold at least these. */
export type AmountPartitionCommentValues = { amount: string; partition: string; comments: string };

/**
 * Amount, Partition and Comments of the Issue and Redeem forms, read from the surrounding `FormProvider`
 * (each field shows its own error). `between` goes after the amount (Issue's token holder).
 */
export function AmountPartitionCommentFields({
  partitions,
  between,
}: {
  partitions: readonly { value: string; label: string }[];
  between?: React.ReactNode;
}) {
  const form = useFormContext<AmountPartitionCommentValues>();
  const errors = form.formState.errors;
  return (
    <>
      <TextField
        label="Amount"
        inputMode="numeric"
        {...form.register('amount')}
        error={errors.amount?.message}
      />
      {between}
      <Select
        label="Partition"
        placeholder="Select a partition"
        options={[...partitions]}
        value={form.watch('partition') ?? ''}
        onChange={(value) => form.setValue('partition', value, { shouldValidate: true })}
        error={errors.partition?.message}
      />
      <TextArea label="Comments" rows={4} {...form.register('comments')} error={errors.comments?.message} />
    </>
  );
}
