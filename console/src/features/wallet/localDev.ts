import { JsonRpcProvider, getAddress } from 'ethers';
import { walletMessages } from '@tranche/api';
import { type WalletConnector, WalletError, providerIds } from './types.ts';

/**
 * The embedded dev chain's funded accounts, for local mode only: the node itself holds their keys and signs,
 * so a new user can act without a browser extension.
 */
export function createLocalDevConnector(rpcUrl: string): WalletConnector {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: false, cacheTimeout: -1 });
  return {
    kind: 'local',
    providerId: providerIds.local,
    providerName: 'Local development account',
    connect: async () => {
      try {
        const [accounts, network] = await Promise.all([
          provider.send('eth_accounts', []) as Promise<string[]>,
          provider.getNetwork(),
        ]);
        if (accounts.length === 0) throw new WalletError(walletMessages.noAccounts);
        return {
          accounts: accounts.map((a, index) => ({ address: getAddress(a), name: `Dev account #${index}` })),
          networkId: Number(network.chainId),
        };
      } catch (error) {
        if (error instanceof WalletError) throw error;
        throw new WalletError(walletMessages.connectFailed);
      }
    },
    getSigner: (address) => provider.getSigner(address),
  };
}
