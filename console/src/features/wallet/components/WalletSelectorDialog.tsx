import { walletMessages } from '@tranche/api';
import { Alert, Button, Dialog, Inline, RadioGroup, Stack } from '@tranche/ui-kit';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { appConfigLoadableAtom } from '../../config/index.ts';
import { walletSelectorOpenAtom } from '../atoms.ts';
import { availableWalletKinds, createConnector, walletKindLabels } from '../connectors.ts';
import { cancelWalletSelectionAtom, completeWalletSelectionAtom } from '../selection.ts';
import { type WalletAccount, type WalletConnector, WalletError, type WalletKind } from '../types.ts';

type Connected = { connector: WalletConnector; accounts: WalletAccount[]; networkId: number };

/** 'name - address' when a (sharded) account's name differs from its address. */
export function accountLabel(account: WalletAccount): string {
  return account.name && account.name !== account.address
    ? `${account.name} - ${account.address}`
    : account.address;
}

/** The wallet selector of part 1: the kind of device, then the account. */
export function WalletSelectorDialog() {
  const open = useAtomValue(walletSelectorOpenAtom);
  const cancel = useSetAtom(cancelWalletSelectionAtom);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : cancel())}>
      {open ? <SelectorSteps onCancel={cancel} /> : null}
    </Dialog.Root>
  );
}

function SelectorSteps({ onCancel }: { onCancel: () => void }) {
  const config = useAtomValue(appConfigLoadableAtom);
  const complete = useSetAtom(completeWalletSelectionAtom);
  const kinds = availableWalletKinds(config.state === 'hasData' ? config.data : undefined);
  const [kind, setKind] = useState<WalletKind | null>(null);
  const [connected, setConnected] = useState<Connected | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleConnect = async () => {
    if (!kind) {
      setError(walletMessages.typeRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const connector = await createConnector(kind, config.state === 'hasData' ? config.data : undefined);
      const { accounts, networkId } = await connector.connect();
      if (accounts.length === 0) throw new WalletError(walletMessages.noAccounts);
      setConnected({ connector, accounts, networkId });
      setAccount(null);
    } catch (failure) {
      setError(failure instanceof WalletError ? failure.message : walletMessages.connectFailed);
    } finally {
      setBusy(false);
    }
  };

  const handleSelect = () => {
    const chosen = connected?.accounts.find((a) => a.address === account);
    if (!connected || !chosen) return;
    complete({ connector: connected.connector, account: chosen, networkId: connected.networkId });
  };

  if (!connected) {
    return (
      <Dialog.Content title="Connect a wallet">
        <Stack space="medium">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <RadioGroup
            legend="What kind of device would you like to use?"
            options={kinds.map((value) => ({ value, label: walletKindLabels[value] }))}
            value={kind}
            onChange={(value) => {
              setKind(value as WalletKind);
              setError(null);
            }}
          />
          <Inline space="small" justify="flex-end">
            <Button variant="secondary" onClick={onCancel}>
              Go back
            </Button>
            <Button onClick={handleConnect} loading={busy}>
              Connect
            </Button>
          </Inline>
        </Stack>
      </Dialog.Content>
    );
  }

  return (
    <Dialog.Content title="Connect a wallet">
      <Stack space="medium">
        <RadioGroup
          legend="Select your Wallet Account"
          options={connected.accounts.map((a) => ({ value: a.address, label: accountLabel(a) }))}
          value={account}
          onChange={setAccount}
        />
        <Inline space="small" justify="flex-end">
          <Button variant="secondary" onClick={() => setConnected(null)}>
            Go back
          </Button>
          <Button onClick={handleSelect} disabled={!account}>
            Select Account
          </Button>
        </Inline>
      </Stack>
    </Dialog.Content>
  );
}
