import { walletMessages } from '@tranche/api';
import { getAddress } from 'ethers';
import { api } from '../../lib/api.ts';
import { type WalletConnector, WalletError, providerIds } from './types.ts';

/**
 * The platform-held sharded keys the user signs for (GET /dtx/addresses). They never sign in the browser:
 * operations with them open distributed transactions on the server.
 */
export function createShardedConnector(chainId: number): WalletConnector {
  return {
    kind: 'sharded',
    providerId: providerIds.sharded,
    providerName: 'Sharded Key',
    connect: async () => {
      let keys: { address: string; name: string }[];
      try {
        keys = (await api.call('listShardedKeys')) as { address: string; name: string }[];
      } catch {
        throw new WalletError(walletMessages.connectFailed);
      }
      if (!Array.isArray(keys) || keys.length === 0) throw new WalletError(walletMessages.noAccounts);
      return {
        accounts: keys.map((key) => ({ address: getAddress(key.address), name: key.name || key.address })),
        networkId: chainId,
      };
    },
  };
}
