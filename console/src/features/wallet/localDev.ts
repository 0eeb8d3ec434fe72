import { localDevTexts, walletMessages } from '@tranche/api';
import { formatUnits, getAddress, JsonRpcProvider, JsonRpcSigner } from 'ethers';
import { api } from '../../lib/api.ts';
import { type WalletAccount, type WalletConnector, WalletError, providerIds } from './types.ts';

/** Whole units with thousands separators and at most four decimals (base units in, as the chain holds them). */
export function formatBalance(baseUnits: string, decimals: number): string {
  const [whole = '0', fraction = ''] = formatUnits(BigInt(baseUnits), decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const kept = fraction.slice(0, 4).replace(/0+$/, '');
  return kept ? `${grouped}.${kept}` : grouped;
}

/**
 * Local mode only: the account's own development account (GET /local/dev-account: a fresh key made for it, funded
 * with ETH and tUSD, registered for the operations the server signs), then the embedded chain's ten public
 * accounts, each saying which login uses it. The node sends for all of them (it holds the public keys, and is told
 * to accept the account's own), so a new user can act without a browser extension or a private key.
 */
export function createLocalDevConnector(rpcUrl: string): WalletConnector {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: false, cacheTimeout: -1 });
  const sharedGroup = { title: localDevTexts.sharedHeading, hint: localDevTexts.sharedHint };
  return {
    kind: 'local',
    providerId: providerIds.local,
    providerName: 'Local development account',
    connect: async () => {
      try {
        const [own, shared, network] = await Promise.all([
          api.call('localDevAccount'),
          api.call('localSharedAccounts'),
          provider.getNetwork(),
        ]);
        const accounts: WalletAccount[] = [
          {
            address: getAddress(own.address),
            name: localDevTexts.ownAccount,
            hint: localDevTexts.balances(formatBalance(own.eth, 18), formatBalance(own.tusd, 6)),
          },
        ];
        for (const account of shared)
          accounts.push({
            address: getAddress(account.address),
            name: `Dev account #${account.index}`,
            hint: localDevTexts.sharedAccount(account.usedBy),
            group: sharedGroup,
          });
        return { accounts, networkId: Number(network.chainId) };
      } catch (error) {
        if (error instanceof WalletError) throw error;
        throw new WalletError(walletMessages.connectFailed);
      }
    },
    // The node signs (eth_sendTransaction): for the public accounts it holds the keys, for the account's own it
    // was told to accept it (the server's anvil_impersonateAccount), so the account need not be in eth_accounts.
    getSigner: async (address) => new JsonRpcSigner(provider, getAddress(address)),
    balance: (address) => provider.getBalance(getAddress(address)),
  };
}
