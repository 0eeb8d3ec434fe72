import { atom } from 'jotai';
import { writeRememberedWallet } from './remembered.ts';
import type { WalletConnector, WalletState } from './types.ts';

/** The selected wallet (null when none). */
export const walletAtom = atom<WalletState | null>(null);

/** The connector behind the selected wallet; kept out of the serialisable state. */
export const walletConnectorAtom = atom<WalletConnector | null>(null);

/** Whether the selected address is registered in the platform (GET /credentials/check/{address}). */
export const walletRegisteredAtom = atom<boolean | null>(null);

/**
 * Every register flow (My Keys, ...) writes the address it registered (with or without 0x): when it is the
 * selected wallet's, the 'not registered' warning goes at once, without a reload.
 */
export const addressRegisteredAtom = atom(null, (get, set, registered: string) => {
  const wallet = get(walletAtom);
  const plain = (value: string) => value.replace(/^0x/i, '').toLowerCase();
  if (wallet && plain(wallet.address) === plain(registered)) set(walletRegisteredAtom, true);
});

/** Whether the wallet selector dialog is open. */
export const walletSelectorOpenAtom = atom(false);

/**
 * The wallet is gone (Sign Out, the session ended, the browser wallet disconnected): nothing is restored. Here, not
 * in selection.ts, as the entry installs it (app/session.ts) and needs none of the selector's atoms.
 */
export const forgetWalletAtom = atom(null, (_get, set) => {
  set(walletAtom, null);
  set(walletConnectorAtom, null);
  writeRememberedWallet(null);
});
