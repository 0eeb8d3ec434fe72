import type { Signer } from 'ethers';

export const walletKinds = ['browser', 'ledger', 'sharded', 'local'] as const;
export type WalletKind = (typeof walletKinds)[number];

/** Provider ids of the spec's wallet selector; the sharded key option value is 9999 (part 1, section 9). */
export const providerIds: Record<WalletKind, number> = { browser: 1, ledger: 2, local: 3, sharded: 9999 };

export type WalletAccount = {
  address: string;
  name: string;
  /** Shown under the account in the selector (balances, who uses it). */
  hint?: string;
  /** Listed under this title in the selector, after the accounts without one. */
  group?: { title: string; hint?: string };
};

export type WalletChange = { accounts?: string[]; networkId?: number };

/** One kind of wallet behind one interface: accounts, network, signing, contract reads. */
export type WalletConnector = {
  kind: WalletKind;
  providerId: number;
  providerName: string;
  /** The EIP-6963 provider's reverse-DNS name (browser wallets), remembered so a reload asks the same extension. */
  rdns?: string;
  /** Asks the wallet for its accounts; throws a WalletError carrying the spec's text on failure. */
  connect: () => Promise<{ accounts: WalletAccount[]; networkId: number }>;
  /** A signer that sends transactions from the chosen account (not for sharded keys, which go through the server). */
  getSigner?: (address: string) => Promise<Signer>;
  /**
   * Finds `address` again without asking the user (a reload, a new tab): the accounts a browser wallet already
   * allowed, the local development accounts, the sharded keys. Null when it is no longer available.
   */
  restore?: (address: string) => Promise<{ account: WalletAccount; networkId: number } | null>;
  /** The account's ETH balance in wei, for the wallet chip (where the wallet can read the chain). */
  balance?: (address: string) => Promise<bigint>;
  /** Follows account and network changes (browser wallets); returns the unsubscribe function. */
  subscribe?: (onChange: (change: WalletChange) => void) => () => void;
};

/** The selected wallet, as the header strip and every signed action see it. */
export type WalletState = {
  kind: WalletKind;
  providerId: number;
  providerName: string;
  rdns?: string;
  networkId: number;
  networkName: string;
  address: string;
  accountName: string;
};

export class WalletError extends Error {
  override name = 'WalletError';
}

/** The spec's rule: connected only when provider id > 0, network id > 0, and provider, address and names are present. */
export function isWalletConnected(wallet: WalletState | null | undefined): wallet is WalletState {
  return Boolean(
    wallet &&
      wallet.providerId > 0 &&
      wallet.networkId > 0 &&
      wallet.providerName &&
      wallet.address &&
      wallet.networkName &&
      wallet.accountName,
  );
}
