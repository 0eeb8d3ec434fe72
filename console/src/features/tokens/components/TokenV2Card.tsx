import {
  proposeOwnerFormSchema,
  replaceSchemeFormSchema,
  replaceWhitelistFormSchema,
  type TokenV2State,
  type TxType,
  txTypes,
} from '@tranche/api';
import { Alert, Button, Card, Inline, Stack, Text, TextField } from '@tranche/ui-kit';
import { api } from '../../../lib/api.ts';
import { Address, useChainClock } from '../../config/index.ts';
import { useZodForm } from '../../forms/index.ts';
import { SummaryRow } from './shared.tsx';
import type { TokenOps } from './types.ts';

/** The next upgrade step the chain allows: schedule it, or carry out the scheduled one once its time has come. */
export function upgradeStep(state: TokenV2State, nowSeconds: number): 'schedule' | 'upgrade' | 'wait' {
  const scheduled = state.scheduled;
  if (!scheduled || scheduled.implementation !== state.latestImplementation) return 'schedule';
  return scheduled.readyAt <= nowSeconds ? 'upgrade' : 'wait';
}

/**
 * A version 2 token's administration on its page (issue 35): "An upgrade is available" with what it changes and
 * the button that runs it, the pending owner, and the owner's rotation of owner, whitelist and scheme. Every action
 * goes the page's usual way: the connected wallet signs, the server signs with the registered key, or a sharded key
 * starts a distributed transaction that waits for its approvers.
 */
export function TokenV2Card({ ops, state }: { ops: TokenOps; state: TokenV2State }) {
  const { token, rights } = ops;
  const symbol = token.projectCode;
  const isOwner = rights.connected && rights.isOwner;
  const isPending = rights.connected && rights.address !== null && rights.address === state.pendingOwner;
  // The upgrade delay ends by the chain's clock, as the token's upgrade checks it.
  const clock = useChainClock();
  const step = upgradeStep(state, Math.floor(clock.now() / 1000));

  /** One operation: the wallet's call, the server route (txMode 2) or the sharded key's distributed transaction. */
  const run = (
    txType: TxType,
    dtxType: 6 | 7 | 8 | 9 | 10,
    wallet: { method: string; args: unknown[] },
    server: (accountAddress: string) => Promise<{ transactionHash?: string | undefined }>,
    dtxData: Record<string, string> = {},
  ) => {
    if (ops.distribute) ops.distribute(dtxType, dtxData);
    else if (ops.useServer) void ops.submit(txType, server);
    else void ops.sign(txType, wallet.method, wallet.args);
  };

  const handleUpgrade = () =>
    ops.confirm({
      title: step === 'upgrade' ? 'Upgrade the token' : 'Schedule the upgrade',
      text:
        step === 'upgrade'
          ? `${symbol} will run implementation ${state.latestImplementation}. Balances, holders, rules and documents stay as they are. Continue?`
          : `The upgrade of ${symbol} to implementation ${state.latestImplementation} is scheduled now and can be carried out after the upgrade delay (${state.upgradeDelay} seconds). Continue?`,
      onConfirm: () =>
        run(
          txTypes.tokenUpgrade,
          6,
          step === 'upgrade'
            ? { method: 'upgradeToAndCall', args: [state.latestImplementation, '0x'] }
            : { method: 'scheduleUpgrade', args: [state.latestImplementation] },
          (accountAddress) => api.call('upgradeToken', { body: { symbol, accountAddress, txMode: 2 } }),
        ),
    });

  return (
    <Card title="Smart contract version 2">
      <Stack>
        {state.upgradeAvailable ? (
          <Alert tone="primary" title="An upgrade is available">
            <Stack space="small">
              <Text>{`What it changes: ${state.changes.join('; ')}`}</Text>
              {state.scheduled && step !== 'schedule' ? (
                <Text>
                  {step === 'upgrade'
                    ? 'The upgrade is scheduled and can be carried out now.'
                    : `The upgrade is scheduled and can be carried out from ${new Date(state.scheduled.readyAt * 1000).toLocaleString()}.`}
                </Text>
              ) : null}
              {isOwner ? (
                <Inline>
                  <Button disabled={step === 'wait'} onClick={handleUpgrade}>
                    {step === 'upgrade' ? 'Upgrade now' : 'Upgrade'}
                  </Button>
                </Inline>
              ) : (
                <Text tone="muted">Only the owner of the token can upgrade it.</Text>
              )}
            </Stack>
          </Alert>
        ) : null}
        <SummaryRow label="Implementation">
          <Address address={state.implementation} shorten={false} />
        </SummaryRow>
        <SummaryRow label="Upgrade delay">{`${state.upgradeDelay} seconds`}</SummaryRow>
        {state.pendingOwner ? (
          <SummaryRow label="Proposed owner">
            <Address address={state.pendingOwner} shorten={false} />
          </SummaryRow>
        ) : null}
        {isPending ? (
          <Inline>
            <Button
              onClick={() =>
                run(txTypes.ownerAcceptance, 8, { method: 'acceptOwnership', args: [] }, (accountAddress) =>
                  api.call('acceptTokenOwner', { body: { symbol, accountAddress, txMode: 2 } }),
                )
              }
            >
              Accept ownership
            </Button>
          </Inline>
        ) : null}
        {isOwner ? <OwnerForms ops={ops} run={run} /> : null}
      </Stack>
    </Card>
  );
}

type Run = (
  txType: TxType,
  dtxType: 6 | 7 | 8 | 9 | 10,
  wallet: { method: string; args: unknown[] },
  server: (accountAddress: string) => Promise<{ transactionHash?: string | undefined }>,
  dtxData?: Record<string, string>,
) => void;

/** The owner's rotation: propose a new owner, replace the whitelist, replace the security scheme. */
function OwnerForms({ ops, run }: { ops: TokenOps; run: Run }) {
  const symbol = ops.token.projectCode;
  const owner = useZodForm(proposeOwnerFormSchema, { defaultValues: { newOwner: '' } });
  const whitelist = useZodForm(replaceWhitelistFormSchema, { defaultValues: { whitelistAddress: '' } });
  const scheme = useZodForm(replaceSchemeFormSchema, { defaultValues: { securitySchemeAddress: '' } });

  const handlePropose = owner.handleSubmit(({ newOwner }) =>
    ops.confirm({
      title: 'Propose a new owner',
      text: `${newOwner} becomes the owner of ${symbol} when it accepts. Continue?`,
      onConfirm: () =>
        run(
          txTypes.ownerProposal,
          7,
          { method: 'transferOwnership', args: [newOwner] },
          (accountAddress) =>
            api.call('proposeTokenOwner', { body: { symbol, accountAddress, txMode: 2, newOwner } }),
          { newOwner },
        ),
    }),
  );
  const handleWhitelist = whitelist.handleSubmit(({ whitelistAddress }) =>
    ops.confirm({
      title: 'Replace the whitelist',
      text: `Receivers of ${symbol} will be checked against ${whitelistAddress} from the next transfer. Continue?`,
      onConfirm: () =>
        run(
          txTypes.whitelistReplacement,
          9,
          { method: 'setWhitelist', args: [whitelistAddress] },
          (accountAddress) =>
            api.call('replaceTokenWhitelist', {
              body: { symbol, accountAddress, txMode: 2, whitelistAddress },
            }),
          { whitelistAddress },
        ),
    }),
  );
  const handleScheme = scheme.handleSubmit(({ securitySchemeAddress }) =>
    ops.confirm({
      title: 'Replace the security scheme',
      text: `Issuing, redeeming, pausing and rules of ${symbol} will be decided by ${securitySchemeAddress} from the next call. Continue?`,
      onConfirm: () =>
        run(
          txTypes.schemeReplacement,
          10,
          { method: 'setSecurityScheme', args: [securitySchemeAddress] },
          (accountAddress) =>
            api.call('replaceTokenScheme', {
              body: { symbol, accountAddress, txMode: 2, securitySchemeAddress },
            }),
          { securitySchemeAddress },
        ),
    }),
  );

  return (
    <Stack>
      <form noValidate aria-label="Propose a new owner" onSubmit={(event) => event.preventDefault()}>
        <Stack space="small">
          <TextField
            label="New owner"
            {...owner.register('newOwner')}
            error={owner.formState.errors.newOwner?.message}
          />
          <Inline>
            <Button variant="secondary" onClick={() => void handlePropose()}>
              Propose new owner
            </Button>
          </Inline>
        </Stack>
      </form>
      <form noValidate aria-label="Replace the whitelist" onSubmit={(event) => event.preventDefault()}>
        <Stack space="small">
          <TextField
            label="New whitelist"
            {...whitelist.register('whitelistAddress')}
            error={whitelist.formState.errors.whitelistAddress?.message}
          />
          <Inline>
            <Button variant="secondary" onClick={() => void handleWhitelist()}>
              Replace whitelist
            </Button>
          </Inline>
        </Stack>
      </form>
      <form noValidate aria-label="Replace the security scheme" onSubmit={(event) => event.preventDefault()}>
        <Stack space="small">
          <TextField
            label="New security scheme"
            {...scheme.register('securitySchemeAddress')}
            error={scheme.formState.errors.securitySchemeAddress?.message}
          />
          <Inline>
            <Button variant="secondary" onClick={() => void handleScheme()}>
              Replace security scheme
            </Button>
          </Inline>
        </Stack>
      </form>
    </Stack>
  );
}
