import { operatorFormSchema, txTypes, walletMessages } from '@tranche/api';
import { Alert, Button, Inline, Stack, TextField } from '@tranche/ui-kit';
import { useState } from 'react';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import { partitionBytes, ReasonAlert } from './shared.tsx';
import type { TokenOps } from './types.ts';

/** Operators of the connected wallet: authorize, revoke (signed by the wallet) and verify (read). */
export function OperatorsTab({ ops }: { ops: TokenOps }) {
  const { rights } = ops;
  const form = useZodForm(operatorFormSchema, { defaultValues: { operator: '', partition: '' } });
  const [verdict, setVerdict] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const disabled = !rights.connected;
  const errors = form.formState.errors;

  const handleAuthorize = form.handleSubmit((values) =>
    ops.confirm({
      title: 'Authorize operator',
      text: `Authorize ${values.operator} to operate your tokens${values.partition ? ` of ${values.partition}` : ''}?`,
      onConfirm: () =>
        void (values.partition
          ? ops.sign(txTypes.authorizeOperator, 'authorizeOperatorByPartition', [
              partitionBytes(values.partition),
              values.operator,
            ])
          : ops.sign(txTypes.authorizeOperator, 'authorizeOperator', [values.operator])),
    }),
  );
  const handleRevoke = form.handleSubmit((values) =>
    ops.confirm({
      title: 'Revoke operator',
      text: `Revoke ${values.operator}${values.partition ? ` for ${values.partition}` : ''}?`,
      onConfirm: () =>
        void (values.partition
          ? ops.sign(txTypes.revokeOperator, 'revokeOperatorByPartition', [
              partitionBytes(values.partition),
              values.operator,
            ])
          : ops.sign(txTypes.revokeOperator, 'revokeOperator', [values.operator])),
    }),
  );
  const handleVerify = form.handleSubmit(async (values) => {
    setError(null);
    setVerdict(null);
    try {
      const contract = rights.contract;
      if (!contract || !rights.address) throw new Error(walletMessages.pleaseConnect);
      const yes = (await (values.partition
        ? contract.getFunction('isOperatorForPartition')(
            partitionBytes(values.partition),
            values.operator,
            rights.address,
          )
        : contract.getFunction('isOperator')(values.operator, rights.address))) as boolean;
      setVerdict(
        `${values.operator} ${yes ? 'is' : 'is not'} an operator of ${rights.address}${values.partition ? ` for ${values.partition}` : ''}`,
      );
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <Stack>
      <ReasonAlert
        reason={
          disabled
            ? { title: walletMessages.notConnectedToNetwork, text: walletMessages.pleaseConnect }
            : null
        }
      />
      <form noValidate aria-label="Operators" onSubmit={(event) => event.preventDefault()}>
        <Stack>
          <TextField
            label="Operator address"
            disabled={disabled}
            {...form.register('operator')}
            error={errors.operator?.message}
          />
          <TextField label="Partition (optional)" disabled={disabled} {...form.register('partition')} />
          <Inline space="small">
            <Button disabled={disabled} onClick={() => void handleAuthorize()}>
              Authorize
            </Button>
            <Button variant="danger" disabled={disabled} onClick={() => void handleRevoke()}>
              Revoke
            </Button>
            <Button variant="secondary" disabled={disabled} onClick={() => void handleVerify()}>
              Verify
            </Button>
          </Inline>
        </Stack>
      </form>
      <ErrorAlert error={error} prefix="Could not check the operator due to the following error" />
      {verdict ? <Alert tone="primary">{verdict}</Alert> : null}
    </Stack>
  );
}
