import {
  controllerRedeemFormSchema,
  forceTransferFormSchema,
  formatAmount,
  tokenOperationMessages as m,
  tokenScreenTexts,
  txTypes,
} from '@tranche/api';
import { Button, Card, Inline, Stack, TextArea, TextField } from '@tranche/ui-kit';
import { api } from '../../../lib/api.ts';
import { useZodForm } from '../../forms/index.ts';
import { HolderPicker, registerNames } from '../../register/index.ts';
import { OperationSummary } from './OperationSummary.tsx';
import { usePrecheckGate } from './PrecheckLine.tsx';
import { commentBytes, type DisabledReason, ReasonAlert } from './shared.tsx';
import type { TokenOps } from './types.ts';

/** Why the controller operations are disabled for this wallet (part 1, section 6), or null. */
export function controllerReason(ops: TokenOps): DisabledReason {
  if (!ops.token.isControllable) return { title: m.notControllableTitle, text: m.noController };
  if (!ops.rights.isController) return { title: m.insufficientPermissionsTitle, text: m.notController };
  if (ops.token.isPaused) return { title: tokenScreenTexts.pausedBadge, text: m.tokenPaused };
  return null;
}

/** The Controller tab (owner or controller): force a transfer, redeem from an address, remove the controller. */
export function ControllerTab({ ops }: { ops: TokenOps }) {
  const { token, rights } = ops;
  const reason = controllerReason(ops);
  const disabled = reason !== null;
  const transfer = useZodForm(forceTransferFormSchema, {
    defaultValues: { fromAddress: '', toAddress: '', amount: '', comments: '' },
  });
  const redeem = useZodForm(controllerRedeemFormSchema, {
    defaultValues: { fromAddress: '', amount: '', comments: '' },
  });

  const handleTransfer = transfer.handleSubmit(async (values) => {
    const names = await registerNames(token.projectCode, [values.fromAddress, values.toAddress]);
    ops.confirm({
      title: 'Force transfer',
      text: (
        <OperationSummary
          action={`Transfer ${formatAmount(values.amount, { symbol: token.projectCode })}`}
          parties={[
            ['From', values.fromAddress],
            ['To', values.toAddress],
          ]}
          names={names}
          partitions={token.partitions.map((p) => p.name)}
        />
      ),
      onConfirm: () =>
        void (ops.useServer
          ? ops.submit(txTypes.forceTransfer, (accountAddress) =>
              api.call('forceTransfer', {
                body: {
                  symbol: token.projectCode,
                  accountAddress,
                  txMode: 2,
                  fromAddress: values.fromAddress,
                  toAddress: values.toAddress,
                  amount: values.amount,
                  additionalData: values.comments,
                },
              }),
            )
          : ops.sign(txTypes.forceTransfer, 'controllerTransfer', [
              values.fromAddress,
              values.toAddress,
              BigInt(values.amount),
              commentBytes(values.comments),
              '0x',
            ])),
    });
  });

  const handleRedeem = redeem.handleSubmit(async (values) => {
    const names = await registerNames(token.projectCode, [values.fromAddress]);
    ops.confirm({
      title: 'Controller redeem',
      text: (
        <OperationSummary
          action={`Redeem ${formatAmount(values.amount, { symbol: token.projectCode })}`}
          parties={[['From', values.fromAddress]]}
          names={names}
          partitions={token.partitions.map((p) => p.name)}
        />
      ),
      onConfirm: () =>
        void (ops.useServer
          ? ops.submit(txTypes.controllerRedeem, (accountAddress) =>
              api.call('controllerRedeem', {
                body: {
                  symbol: token.projectCode,
                  accountAddress,
                  txMode: 2,
                  fromAddress: values.fromAddress,
                  amount: values.amount,
                  additionalData: values.comments,
                },
              }),
            )
          : ops.sign(txTypes.controllerRedeem, 'controllerRedeem', [
              values.fromAddress,
              BigInt(values.amount),
              commentBytes(values.comments),
              '0x',
            ])),
    });
  });

  const removeReason: DisabledReason = !rights.isOwner
    ? { title: m.insufficientPermissionsTitle, text: m.notAllowedToRemoveController }
    : null;

  const forceValues = forceTransferFormSchema.omit({ comments: true }).safeParse(transfer.watch());
  const redeemValues = controllerRedeemFormSchema.omit({ comments: true }).safeParse(redeem.watch());
  const account = rights.address;
  const forcePrecheck =
    forceValues.success && account && !disabled
      ? {
          operation: 'force' as const,
          symbol: token.projectCode,
          accountAddress: account,
          fromAddress: forceValues.data.fromAddress,
          toAddress: forceValues.data.toAddress,
          amount: forceValues.data.amount,
        }
      : null;
  const redeemPrecheck =
    redeemValues.success && account && !disabled
      ? {
          operation: 'controllerRedeem' as const,
          symbol: token.projectCode,
          accountAddress: account,
          fromAddress: redeemValues.data.fromAddress,
          amount: redeemValues.data.amount,
        }
      : null;
  const te = transfer.formState.errors;
  const re = redeem.formState.errors;
  const forceGate = usePrecheckGate(forcePrecheck);
  const redeemGate = usePrecheckGate(redeemPrecheck);
  // A token without a controller: the whole screen is disabled ('The token is not controllable').
  if (!token.isControllable) return <ReasonAlert reason={reason} />;
  return (
    <Stack space="large">
      <ReasonAlert reason={reason} />
      <Card title="Force a transfer">
        <form onSubmit={forceGate.guard(handleTransfer)} noValidate aria-label="Force a transfer">
          <Stack>
            <HolderPicker
              control={transfer.control}
              name="fromAddress"
              label="From address"
              symbol={token.projectCode}
              disabled={disabled}
            />
            <HolderPicker
              control={transfer.control}
              name="toAddress"
              label="To address"
              symbol={token.projectCode}
              disabled={disabled}
            />
            <TextField
              label="Amount"
              disabled={disabled}
              inputMode="numeric"
              {...transfer.register('amount')}
              error={te.amount?.message}
            />
            <TextArea
              label="Comment"
              disabled={disabled}
              rows={4}
              {...transfer.register('comments')}
              error={te.comments?.message}
            />
            {forceGate.line}
            <Inline>
              <Button type="submit" {...forceGate.button} disabled={disabled || forceGate.button.disabled}>
                Force transfer
              </Button>
            </Inline>
          </Stack>
        </form>
      </Card>
      <Card title="Redeem from an address">
        <form onSubmit={redeemGate.guard(handleRedeem)} noValidate aria-label="Redeem from an address">
          <Stack>
            <HolderPicker
              control={redeem.control}
              name="fromAddress"
              label="From address"
              symbol={token.projectCode}
              disabled={disabled}
            />
            <TextField
              label="Amount"
              disabled={disabled}
              inputMode="numeric"
              {...redeem.register('amount')}
              error={re.amount?.message}
            />
            <TextArea
              label="Comment"
              disabled={disabled}
              rows={4}
              {...redeem.register('comments')}
              error={re.comments?.message}
            />
            {redeemGate.line}
            <Inline>
              <Button type="submit" {...redeemGate.button} disabled={disabled || redeemGate.button.disabled}>
                Controller redeem
              </Button>
            </Inline>
          </Stack>
        </form>
      </Card>
      <Card title="Remove the controller">
        <Stack>
          <ReasonAlert reason={removeReason} />
          <Inline>
            <Button
              variant="danger"
              disabled={removeReason !== null}
              onClick={() =>
                ops.confirm({
                  title: 'Remove the controller',
                  text: 'The token will not be controllable anymore. This cannot be undone. Continue?',
                  onConfirm: () => void ops.sign(txTypes.removeController, 'finalizeControllable', []),
                })
              }
            >
              Remove controller
            </Button>
          </Inline>
        </Stack>
      </Card>
    </Stack>
  );
}
