import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { appConfigLoadableAtom } from '../../config/index.ts';
import { walletAtom, walletSelectorOpenAtom } from '../atoms.ts';
import { createConnector, findAmongAccounts } from '../connectors.ts';
import { readRememberedWallet, writeRememberedWallet } from '../remembered.ts';
import { completeWalletSelectionAtom } from '../selection.ts';

/**
 * Restores the last connection on load (a reload, a new tab): the same browser wallet by its EIP-6963 rdns (only
 * if it still allows this site the account, so no prompt opens), the local development account, the sharded key by
 * address. A Ledger is never restored: it asks again. Whatever cannot be found again is forgotten. A restore that
 * finishes while the user has the wallet selector open gives way to the user's choice.
 */
export function WalletRestoreEffect() {
  const config = useAtomValue(appConfigLoadableAtom);
  const complete = useSetAtom(completeWalletSelectionAtom);
  const store = useStore();
  const appConfig = config.state === 'hasData' ? config.data : undefined;
  const ready = config.state !== 'loading';
  useEffect(() => {
    if (!ready) return;
    const remembered = readRememberedWallet();
    if (!remembered || store.get(walletAtom)) return;
    let cancelled = false;
    (async () => {
      const connector = await createConnector(remembered.kind, appConfig, remembered.rdns);
      const found = connector.restore
        ? await connector.restore(remembered.address)
        : await findAmongAccounts(connector, remembered.address);
      // The user opened the wallet selector while this ran: their choice wins, the dialog stays open.
      if (cancelled || store.get(walletAtom) || store.get(walletSelectorOpenAtom)) return;
      if (found) complete({ connector, account: found.account, networkId: found.networkId });
      else writeRememberedWallet(null);
    })().catch(() => {
      // The wallet cannot be reached now (extension gone, server busy): keep the memory for the next load.
    });
    return () => {
      cancelled = true;
    };
  }, [ready, appConfig, complete, store]);
  return null;
}
