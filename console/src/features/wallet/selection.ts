import { atom } from 'jotai';
import { networkName } from './networks.ts';
import type { WalletAccount, WalletConnector, WalletState } from './types.ts';
import { walletAtom, walletConnectorAtom, walletSelectorOpenAtom } from './atoms.ts';
import { type RememberedWallet, writeRememberedWallet } from './remembered.ts';

/** What is remembered of a wallet: its kind, its address and (browser wallets) the extension's rdns. */
export function rememberedOf(wallet: WalletState): RememberedWallet {
  return { kind: wallet.kind, address: wallet.address, ...(wallet.rdns ? { rdns: wallet.rdns } : {}) };
}

type PendingSelection = { resolve: (wallet: WalletState | null) => void };

/** The caller waiting for the selector to finish (useSelectWallet). */
export const pendingSelectionAtom = atom<PendingSelection | null>(null);

/** Opens the wallet selector; resolves with the connected wallet, or null when the user goes back. */
export const openWalletSelectorAtom = atom(null, (get, set) => {
  get(pendingSelectionAtom)?.resolve(null);
  return new Promise<WalletState | null>((resolve) => {
    set(pendingSelectionAtom, { resolve });
    set(walletSelectorOpenAtom, true);
  });
});

/** The user chose an account: it becomes the wallet every signed action uses. */
export const completeWalletSelectionAtom = atom(
  null,
  (get, set, choice: { connector: WalletConnector; account: WalletAccount; networkId: number }) => {
    const wallet: WalletState = {
      kind: choice.connector.kind,
      providerId: choice.connector.providerId,
      providerName: choice.connector.providerName,
      ...(choice.connector.rdns ? { rdns: choice.connector.rdns } : {}),
      networkId: choice.networkId,
      networkName: networkName(choice.networkId),
      address: choice.account.address,
      accountName: choice.account.name,
    };
    set(walletConnectorAtom, choice.connector);
    set(walletAtom, wallet);
    writeRememberedWallet(rememberedOf(wallet));
    set(walletSelectorOpenAtom, false);
    get(pendingSelectionAtom)?.resolve(wallet);
    set(pendingSelectionAtom, null);
  },
);

export const cancelWalletSelectionAtom = atom(null, (get, set) => {
  set(walletSelectorOpenAtom, false);
  get(pendingSelectionAtom)?.resolve(null);
  set(pendingSelectionAtom, null);
});
