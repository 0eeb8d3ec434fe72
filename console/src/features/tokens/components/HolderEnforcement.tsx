import {
  formatAmount,
  freezeAmountFormSchema,
  type Holder,
  recoverWalletFormSchema,
  type TxType,
  txTypes,
} from '@tranche/api';
import { Button, Card, Inline, Stack, Text, TextField } from '@tranche/ui-kit';
import { encodeBytes32String } from 'ethers';
import { api } from '../../../lib/api.ts';
import { useZodForm } from '../../forms/index.ts';
import type { TokenOps } from './types.ts';

/**
 * Enforcement on a holder of a version 2 token (issue 36), under the Token Holders table: freeze or unfreeze the
 * address, freeze or unfreeze an amount of the partition, recover the wallet to a new one verified with the same KYC
 * record. Each goes the page's usual way, as the version 2 card's actions do: the connected wallet signs, the server
 * signs with the registered key, or a sharded key starts a distributed transaction (types 11-13).
 */
export function HolderEnforcement({
  ops,
  holder,
  partition,
}: {
  ops: TokenOps;
  holder: Holder;
  partition: string;
}) {
  const symbol = ops.token.projectCode;
  const holderAddress = holder.holderAddress;
  const amountForm = useZodForm(freezeAmountFormSchema, { defaultValues: { amount: '' } });
  const recoverForm = useZodForm(recoverWalletFormSchema, { defaultValues: { newAddress: '' } });
  const frozen = BigInt(holder.frozen ?? '0');
  const free = BigInt(holder.balance) - frozen;
  const partitionHex = encodeBytes32String(partition);

  const run = (
    txType: TxType,
    dtxType: 11 | 12 | 13,
    wallet: { method: string; args: unknown[] },
    server: (accountAddress: string) => Promise<{ transactionHash?: string | undefined }>,
    dtxData: Record<string, string>,
  ) => {
    if (ops.distribute) ops.distribute(dtxType, dtxData);
    else if (ops.useServer) void ops.submit(txType, server);
    else void ops.sign(txType, wallet.method, wallet.args);
  };

  const handleAddress = (freeze: boolean) =>
    ops.confirm({
      title: freeze ? 'Freeze the address' : 'Unfreeze the address',
      text: freeze
        ? `${holderAddress} will neither send nor receive ${symbol} until it is unfrozen. Continue?`
        : `${holderAddress} will send and receive ${symbol} again. Continue?`,
      onConfirm: () =>
        run(
          txTypes.addressFreeze,
          11,
          { method: 'setAddressFrozen', args: [holderAddress, freeze] },
          (accountAddress) =>
            api.call('freezeAddress', {
              body: { symbol, accountAddress, txMode: 2, holderAddress, frozen: freeze },
            }),
          { holderAddress, frozen: String(freeze) },
        ),
    });

  const handleAmount = (action: 'freeze' | 'unfreeze') =>
    amountForm.handleSubmit(({ amount }) =>
      ops.confirm({
        title: action === 'freeze' ? 'Freeze tokens' : 'Unfreeze tokens',
        text:
          action === 'freeze'
            ? `Freeze ${formatAmount(amount)} of ${partition} held by ${holderAddress}: they stay in its balance but cannot leave. Continue?`
            : `Unfreeze ${formatAmount(amount)} of ${partition} held by ${holderAddress}. Continue?`,
        onConfirm: () =>
          run(
            txTypes.partialFreeze,
            12,
            {
              method:
                action === 'freeze' ? 'freezePartialTokensByPartition' : 'unfreezePartialTokensByPartition',
              args: [partitionHex, holderAddress, BigInt(amount)],
            },
            (accountAddress) =>
              api.call('freezePartialTokens', {
                body: { symbol, accountAddress, txMode: 2, holderAddress, partition, amount, action },
              }),
            { holderAddress, partition, amount, action },
          ),
      }),
    )();

  const handleRecover = recoverForm.handleSubmit(({ newAddress }) =>
    ops.confirm({
      title: 'Recover the wallet',
      text: `Every ${symbol} token of ${holderAddress}, its frozen amounts and its freeze move to ${newAddress}, which must be verified with the same KYC record. The lost wallet is refused for ever. Continue?`,
      onConfirm: () =>
        run(
          txTypes.walletRecovery,
          13,
          {
            method: 'recoveryAddress',
            args: [holderAddress, newAddress, '0x0000000000000000000000000000000000000000'],
          },
          (accountAddress) =>
            api.call('recoverWallet', {
              body: { symbol, accountAddress, txMode: 2, lostAddress: holderAddress, newAddress },
            }),
          { lostAddress: holderAddress.toLowerCase(), newAddress: newAddress.toLowerCase() },
        ),
    }),
  );

  return (
    <Card title="Enforcement">
      <Stack>
        <Text breakAll mono>
          {holder.legalName ? `${holder.legalName} (${holderAddress})` : holderAddress}
        </Text>
        <Text>
          {`${holder.addressFrozen ? 'The address is frozen. ' : ''}${formatAmount(frozen)} of ${partition} frozen, ${formatAmount(free < 0n ? 0n : free)} free.`}
        </Text>
        <Inline>
          {holder.addressFrozen ? (
            <Button variant="secondary" onClick={() => handleAddress(false)}>
              Unfreeze address
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => handleAddress(true)}>
              Freeze address
            </Button>
          )}
        </Inline>
        <form noValidate aria-label="Freeze or unfreeze tokens" onSubmit={(event) => event.preventDefault()}>
          <Stack space="small">
            <TextField
              label={`Amount of ${partition}`}
              inputMode="numeric"
              {...amountForm.register('amount')}
              error={amountForm.formState.errors.amount?.message}
            />
            <Inline>
              <Button variant="secondary" onClick={() => void handleAmount('freeze')}>
                Freeze amount
              </Button>
              <Button
                variant="secondary"
                disabled={frozen === 0n}
                onClick={() => void handleAmount('unfreeze')}
              >
                Unfreeze amount
              </Button>
            </Inline>
          </Stack>
        </form>
        <form noValidate aria-label="Recover the wallet" onSubmit={(event) => event.preventDefault()}>
          <Stack space="small">
            <TextField
              label="New wallet (verified with the same KYC record)"
              {...recoverForm.register('newAddress')}
              error={recoverForm.formState.errors.newAddress?.message}
            />
            <Inline>
              <Button variant="secondary" onClick={() => void handleRecover()}>
                Recover wallet
              </Button>
            </Inline>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
