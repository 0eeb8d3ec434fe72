import { walletMessages } from '@tranche/api';
import type { Signer } from 'ethers';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import { notifyAtom } from '../../notifications/index.ts';
import { walletAtom, walletConnectorAtom } from '../atoms.ts';
import { openWalletSelectorAtom } from '../selection.ts';
import { WalletError, type WalletState, isWalletConnected } from '../types.ts';

/** The selected wallet, or null. */
export function useWallet(): WalletState | null {
  return useAtomValue(walletAtom);
}

/** Opens the wallet selector; resolves with the wallet the user connected, or null if they went back. */
export function useSelectWallet(): () => Promise<WalletState | null> {
  return useSetAtom(openWalletSelectorAtom);
}

/**
 * A function giving a signer for the selected wallet, asking the user to connect one first if needed.
 * Sharded keys have no signer: their operations open distributed transactions instead.
 */
export function useWalletSigner(): () => Promise<{ signer: Signer; wallet: WalletState }> {
  const store = useStore();
  const selectWallet = useSelectWallet();
  return useCallback(async () => {
    let wallet = store.get(walletAtom);
    if (!isWalletConnected(wallet)) wallet = await selectWallet();
    const connector = store.get(walletConnectorAtom);
    if (!isWalletConnected(wallet) || !connector) {
      // Part 1, section 8: the user went back without a wallet: 'You are not connected to the Ethereum network'
      // with the toast 'Connect to the network!'.
      store.set(notifyAtom, { text: walletMessages.connectToast, state: 'warning' });
      throw new WalletError(walletMessages.notConnectedToNetwork);
    }
    if (!connector.getSigner) throw new WalletError(walletMessages.pleaseConnectDot);
    return { signer: await connector.getSigner(wallet.address), wallet };
  }, [store, selectWallet]);
}
