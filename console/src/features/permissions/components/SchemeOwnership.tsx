import { proposeOwnerFormSchema, type SchemeDetail } from '@tranche/api';
import { Alert, Button, Inline, Stack, Text, TextField } from '@tranche/ui-kit';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { Address } from '../../config/index.ts';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import { isWalletConnected, useWallet } from '../../wallet/index.ts';

/**
 * A version 2 scheme's owner hand-over (issue 35), signed by the server with the connected wallet's registered key
 * as the access rights are: the owner proposes a new owner, who accepts from their own account to take over.
 */
export function SchemeOwnership({
  scheme,
  onChanged,
}: {
  scheme: SchemeDetail;
  onChanged: () => Promise<void>;
}) {
  const wallet = useWallet();
  const address = isWalletConnected(wallet) ? wallet.address.toLowerCase() : null;
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useZodForm(proposeOwnerFormSchema, { defaultValues: { newOwner: '' } });
  const base = { securitySchemeAddress: scheme.securitySchemeAddress, txMode: 2 as const };

  const act = async (call: () => Promise<unknown>, message: string) => {
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      await call();
      setDone(message);
      form.reset({ newOwner: '' });
      await onChanged();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const propose = form.handleSubmit(({ newOwner }) =>
    act(
      () => api.call('proposeSchemeOwner', { body: { ...base, accountAddress: address ?? '', newOwner } }),
      'The new owner was proposed: the scheme is theirs once they accept.',
    ),
  );
  const accept = () =>
    act(
      () => api.call('acceptSchemeOwner', { body: { ...base, accountAddress: address ?? '' } }),
      'You own this security scheme now.',
    );

  const isOwner = address !== null && address === scheme.ownerAddress.toLowerCase();
  const isPending = address !== null && address === scheme.pendingOwnerAddress?.toLowerCase();
  return (
    <Stack space="small">
      <Text weight="medium">Proposed owner</Text>
      {scheme.pendingOwnerAddress ? (
        <Address address={scheme.pendingOwnerAddress} shorten={false} />
      ) : (
        <Text tone="muted">Nobody has been proposed.</Text>
      )}
      <ErrorAlert error={error} />
      {done ? <Alert tone="success">{done}</Alert> : null}
      {isPending ? (
        <Inline>
          <Button onClick={() => void accept()} loading={busy}>
            Accept ownership
          </Button>
        </Inline>
      ) : null}
      {isOwner ? (
        <form
          noValidate
          aria-label="Propose a new owner of the scheme"
          onSubmit={(event) => void propose(event)}
        >
          <Stack space="small">
            <TextField
              label="New owner"
              placeholder="0x..."
              {...form.register('newOwner')}
              error={form.formState.errors.newOwner?.message}
              help="The scheme stays yours until the proposed owner accepts it from their own account."
            />
            <Inline>
              <Button type="submit" variant="secondary" loading={busy}>
                Propose new owner
              </Button>
            </Inline>
          </Stack>
        </form>
      ) : null}
      {!isOwner && !isPending ? (
        <Text tone="muted">
          Connect the owner's wallet to hand this scheme over, or the proposed owner's to accept it.
        </Text>
      ) : null}
    </Stack>
  );
}
