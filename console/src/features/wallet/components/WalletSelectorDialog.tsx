import { walletMessages } from '@tranche/api';
import { Dialog, WalletSelector, type WalletAccount as KitAccount } from '@tranche/ui-kit';
import { useAtomValue, useSetAtom } from 'jotai';
import { useRef } from 'react';
import { appConfigLoadableAtom } from '../../config/index.ts';
import { walletSelectorOpenAtom } from '../atoms.ts';
import { createConnector, isLocalWalletAvailable } from '../connectors.ts';
import { cancelWalletSelectionAtom, completeWalletSelectionAtom } from '../selection.ts';
import { type WalletConnector, WalletError, type WalletKind } from '../types.ts';

/** The wallet selector of part 1 (ui-kit WalletSelector) in a dialog, wired to the real connectors. */
export function WalletSelectorDialog() {
  const open = useAtomValue(walletSelectorOpenAtom);
  const cancel = useSetAtom(cancelWalletSelectionAtom);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : cancel())}>
      {open ? (
        <Dialog.Content title="Connect a wallet">
          <SelectorBody onCancel={cancel} />
        </Dialog.Content>
      ) : null}
    </Dialog.Root>
  );
}

function SelectorBody({ onCancel }: { onCancel: () => void }) {
  const config = useAtomValue(appConfigLoadableAtom);
  const complete = useSetAtom(completeWalletSelectionAtom);
  const appConfig = config.state === 'hasData' ? config.data : undefined;
  const connected = useRef<{ connector: WalletConnector; networkId: number } | null>(null);

  const handleConnect = async (kind: WalletKind): Promise<readonly KitAccount[]> => {
    try {
      const connector = await createConnector(kind, appConfig);
      const { accounts, networkId } = await connector.connect();
      connected.current = { connector, networkId };
      return accounts;
    } catch (failure) {
      throw new Error(failure instanceof WalletError ? failure.message : walletMessages.connectFailed);
    }
  };

  const handleSelect = (account: KitAccount) => {
    const current = connected.current;
    if (!current) return;
    complete({
      connector: current.connector,
      account: { address: account.address, name: account.name ?? account.address },
      networkId: current.networkId,
    });
  };

  return (
    <WalletSelector
      isLocalChain={isLocalWalletAvailable(appConfig)}
      onConnect={handleConnect}
      onSelectAccount={handleSelect}
      onCancel={onCancel}
    />
  );
}
