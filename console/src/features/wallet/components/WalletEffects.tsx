import { walletMessages } from '@tranche/api';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { api } from '../../../lib/api.ts';
import { notifyAtom } from '../../notifications/index.ts';
import { walletAtom, walletConnectorAtom, walletRegisteredAtom } from '../atoms.ts';
import { networkName } from '../networks.ts';
import { writeRememberedWallet } from '../remembered.ts';
import { rememberedOf } from '../selection.ts';

/** Follows account and network changes of a browser wallet, so the selection updates by itself. */
export function WalletEventsEffect() {
  const connector = useAtomValue(walletConnectorAtom);
  const setWallet = useSetAtom(walletAtom);
  useEffect(() => {
    if (!connector?.subscribe) return;
    return connector.subscribe((change) => {
      setWallet((current) => {
        if (!current) return current;
        if (change.accounts) {
          const [address] = change.accounts;
          const next = address ? { ...current, address, accountName: address } : null;
          writeRememberedWallet(next ? rememberedOf(next) : null);
          return next;
        }
        if (change.networkId !== undefined) {
          return { ...current, networkId: change.networkId, networkName: networkName(change.networkId) };
        }
        return current;
      });
    });
  }, [connector, setWallet]);
  return null;
}

/** Asks the server whether the selected address is registered (GET /credentials/check/{address}). */
export function WalletRegistrationEffect() {
  const wallet = useAtomValue(walletAtom);
  const [, setRegistered] = useAtom(walletRegisteredAtom);
  const notify = useSetAtom(notifyAtom);
  const address = wallet?.address;
  const kind = wallet?.kind;
  useEffect(() => {
    setRegistered(null);
    if (!address || kind === 'sharded') return;
    const controller = new AbortController();
    api
      .call('checkCredentials', { params: { address }, signal: controller.signal })
      .then((registered) => setRegistered(registered === true))
      .catch(() => {
        if (controller.signal.aborted) return;
        setRegistered(null);
        notify({ text: walletMessages.checkFailed, state: 'error' });
      });
    return () => controller.abort();
  }, [address, kind, setRegistered, notify]);
  return null;
}
