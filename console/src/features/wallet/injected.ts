import { BrowserProvider, type Eip1193Provider, getAddress } from 'ethers';
import { walletMessages } from '@tranche/api';
import { type WalletChange, type WalletConnector, WalletError, providerIds } from './types.ts';

type Eip1193 = Eip1193Provider & {
  on?: (event: string, listener: (...args: unknown[]) => void) => void;
  removeListener?: (event: string, listener: (...args: unknown[]) => void) => void;
};

type AnnouncedProvider = { info: { uuid: string; name: string; rdns?: string }; provider: Eip1193 };

declare global {
  interface Window {
    ethereum?: Eip1193;
  }
}

/** Providers announced through EIP-6963; resolves after the wallets had a moment to answer. */
export function discoverProviders(waitMs = 150): Promise<AnnouncedProvider[]> {
  return new Promise((resolve) => {
    const found = new Map<string, AnnouncedProvider>();
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent<AnnouncedProvider>).detail;
      if (detail?.info?.uuid && detail.provider) found.set(detail.info.uuid, detail);
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    setTimeout(() => {
      window.removeEventListener('eip6963:announceProvider', onAnnounce);
      resolve([...found.values()]);
    }, waitMs);
  });
}

function isUserRejection(error: unknown): boolean {
  const candidate = error as { code?: unknown; info?: { error?: { code?: unknown } } } | null;
  return (
    candidate?.code === 4001 || candidate?.code === 'ACTION_REJECTED' || candidate?.info?.error?.code === 4001
  );
}

/**
 * The browser wallet: the EIP-6963 provider named `rdns` (the one chosen last time), else the first one announced,
 * else window.ethereum, through ethers' BrowserProvider.
 */
export async function createInjectedConnector(rdns?: string): Promise<WalletConnector> {
  const announced = await discoverProviders();
  const chosen =
    (rdns ? announced.find((candidate) => candidate.info.rdns === rdns) : undefined) ?? announced[0];
  const eip1193 = chosen?.provider ?? window.ethereum;
  const providerName = chosen?.info.name ?? 'Browser wallet';
  const provider = eip1193 ? new BrowserProvider(eip1193) : undefined;

  return {
    kind: 'browser',
    providerId: providerIds.browser,
    providerName,
    ...(chosen?.info.rdns ? { rdns: chosen.info.rdns } : {}),
    balance: async (address) => {
      if (!provider) throw new WalletError(walletMessages.noWeb3);
      return provider.getBalance(getAddress(address));
    },
    restore: async (address) => {
      // eth_accounts never opens the extension's prompt: it answers the accounts this site was already allowed.
      if (!provider || (rdns && chosen?.info.rdns !== rdns)) return null;
      const allowed = ((await provider.send('eth_accounts', []).catch(() => [])) as string[]).map((a) =>
        getAddress(a),
      );
      if (!allowed.includes(getAddress(address))) return null;
      const network = await provider.getNetwork();
      return {
        account: { address: getAddress(address), name: getAddress(address) },
        networkId: Number(network.chainId),
      };
    },
    connect: async () => {
      if (!provider || !eip1193) throw new WalletError(walletMessages.noWeb3);
      let addresses: string[];
      try {
        addresses = (await provider.send('eth_requestAccounts', [])) as string[];
      } catch (error) {
        throw new WalletError(
          isUserRejection(error) ? walletMessages.userDenied : walletMessages.connectFailed,
        );
      }
      const network = await provider.getNetwork().catch(() => {
        throw new WalletError(walletMessages.connectFailed);
      });
      return {
        accounts: addresses.map((address) => ({ address: getAddress(address), name: getAddress(address) })),
        networkId: Number(network.chainId),
      };
    },
    getSigner: async (address) => {
      if (!provider) throw new WalletError(walletMessages.noWeb3);
      return provider.getSigner(address);
    },
    subscribe: (onChange: (change: WalletChange) => void) => {
      if (!eip1193?.on) return () => {};
      const onAccounts = (accounts: unknown) =>
        onChange({ accounts: (accounts as string[]).map((a) => getAddress(a)) });
      const onChain = (chainId: unknown) => onChange({ networkId: Number(chainId) });
      eip1193.on('accountsChanged', onAccounts);
      eip1193.on('chainChanged', onChain);
      return () => {
        eip1193.removeListener?.('accountsChanged', onAccounts);
        eip1193.removeListener?.('chainChanged', onChain);
      };
    },
  };
}
