import { atom } from 'jotai';
import type { WalletConnector, WalletState } from './types.ts';

/** The selected wallet (null when none). */
export const walletAtom = atom<WalletState | null>(null);

/** The connector behind the selected wallet; kept out of the serialisable state. */
export const walletConnectorAtom = atom<WalletConnector | null>(null);

/** Whether the selected address is registered in the platform (GET /credentials/check/{address}). */
export const walletRegisteredAtom = atom<boolean | null>(null);

/** Whether the wallet selector dialog is open. */
export const walletSelectorOpenAtom = atom(false);
