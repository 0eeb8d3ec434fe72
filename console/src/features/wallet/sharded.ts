import { walletMessages } from '@tranche/api';
import { getAddress, JsonRpcProvider } from 'ethers';
import { api } from '../../lib/api.ts';
import { type WalletConnector, WalletError, providerIds } from './types.ts';

/**
 * The platform-held sharded keys the user signs for (GET /dtx/addresses). They never sign in the browser:
 * operations with them open distributed transactions on the server.
 */
export function createShardedConnector(chainId: number, rpcUrl: string | null = null): WalletConnector {
  const provider = rpcUrl ? new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: false }) : undefined;
  return {
    kind: 'sharded',
    providerId: providerIds.sharded,
    providerName: 'Sharded Key',
    ...(provider ? { balance: (address: string) => provider.getBalance(getAddress(address)) } : {}),
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
