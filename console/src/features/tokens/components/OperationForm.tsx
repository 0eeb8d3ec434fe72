import type { PrecheckRequest, TxType } from '@tranche/api';
import { Button, Inline, Stack } from '@tranche/ui-kit';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  AmountPartitionCommentFields,
  type AmountPartitionCommentValues,
} from './PartitionCommentFields.tsx';
import { usePrecheckGate } from './PrecheckLine.tsx';
import { commentBytes, partitionBytes } from './shared.tsx';
import type { TokenOps } from './types.ts';

type Operation = 'issue' | 'redeem' | 'transfer';

/**
 * The pre-check body of an Issue, Redeem or Transfer form: once its fields but the comments are valid and a wallet
 * is connected (else null: nothing to check). `parties` adds the operation's other address (holder, recipient).
 */
export function operationPrecheck<Values extends { amount: string; partition: string }>(
  ops: TokenOps,
  operation: Operation,
  parsed: z.ZodSafeParseResult<Values>,
  parties: (values: Values) => { holderAddress?: string; toAddress?: string } = () => ({}),
): PrecheckRequest | null {
  if (!parsed.success || !ops.rights.address) return null;
  return {
    operation,
    symbol: ops.token.projectCode,
    accountAddress: ops.rights.address,
    ...parties(parsed.data),
    amount: parsed.data.amount,
    partition: parsed.data.partition,
  } as PrecheckRequest;
}

/**
 * Runs a partitioned token operation the way the chosen wallet asks: a sharded key starts a distributed
 * transaction, the server signs with the registered key (txMode 2), or the connected wallet signs
 * `method(partition, ...parties, amount, comments)`.
 */
export async function runPartitionOperation(
  ops: TokenOps,
  operation: {
    txType: TxType;
    distributedType: 3 | 4;
    server: (accountAddress: string) => Promise<{ transactionHash: string }>;
    method: string;
    /** The addresses between the partition and the amount in `method`'s arguments. */
    parties: string[];
    values: { amount: string | number | bigint; partition: string; comments: string; holder?: string };
  },
): Promise<void> {
  const { values } = operation;
  if (ops.distribute) {
    ops.distribute(operation.distributedType, {
      ...(values.holder !== undefined ? { holderAddress: values.holder } : {}),
      amount: String(values.amount),
      partition: values.partition,
      additionalData: values.comments,
    });
  } else if (ops.useServer) {
    await ops.submit(operation.txType, operation.server);
  } else {
    await ops.sign(operation.txType, operation.method, partitionCallArgs(values, operation.parties));
  }
}

/** The arguments of a partitioned token method: partition, the parties' addresses, amount, comments. */
export function partitionCallArgs(
  values: { amount: string | number | bigint; partition: string; comments: string },
  parties: string[],
): unknown[] {
  return [partitionBytes(values.partition), ...parties, BigInt(values.amount), commentBytes(values.comments)];
}

/** An Issue, Redeem or Transfer form: amount, `between`, partition, comments, the pre-check line and the buttons. */
export function OperationForm<Input extends FieldValues, Output extends FieldValues>({
  title,
  form,
  onSubmit,
  partitions,
  between,
  precheck,
  submitLabel,
  buttons,
}: {
  title: string;
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  partitions: readonly { value: string; label: string }[];
  between?: ReactNode;
  precheck: PrecheckRequest | null;
  submitLabel: string;
  /** After the submit button. */
  buttons?: ReactNode;
}) {
  const gate = usePrecheckGate(precheck);
  return (
    <FormProvider {...(form as unknown as UseFormReturn<AmountPartitionCommentValues>)}>
      <form onSubmit={gate.guard(onSubmit)} noValidate aria-label={title}>
        <Stack>
          <AmountPartitionCommentFields partitions={partitions} between={between} />
          {gate.line}
          <Inline space="small">
            <Button type="submit" loading={form.formState.isSubmitting} {...gate.button}>
              {submitLabel}
            </Button>
            {buttons}
          </Inline>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** A token's own partitions as select options. */
export const partitionOptions = (ops: TokenOps) =>
  ops.token.partitions.map((p) => ({ value: p.name, label: p.name }));

/** The token's partition when it has only one (the Issue and Redeem forms start with it selected), else ''. */
export const onlyPartition = (ops: TokenOps): string =>
  ops.token.partitions.length === 1 ? (ops.token.partitions[0]?.name ?? '') : '';
