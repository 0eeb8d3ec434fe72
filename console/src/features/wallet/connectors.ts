import type { AppConfig } from '@tranche/api';
import type { WalletAccount, WalletConnector, WalletKind } from './types.ts';

/** The local development account is offered only when the chain is the server's embedded one. */
export function isLocalWalletAvailable(config: AppConfig | undefined): boolean {
  return Boolean(config?.local && config.rpcUrl);
}

/** Loads a connector when the user picks its kind, so ethers and the Ledger libraries stay out of the first load. */
export async function createConnector(
  kind: WalletKind,
  config: AppConfig | undefined,
  rdns?: string,
): Promise<WalletConnector> {
  switch (kind) {
    case 'browser':
      return (await import('./injected.ts')).createInjectedConnector(rdns);
    case 'ledger':
      return (await import('./ledger.ts')).createLedgerConnector({ rpcUrl: config?.rpcUrl ?? null });
    case 'sharded':
      return (await import('./sharded.ts')).createShardedConnector(
        config?.chainId ?? 0,
        config?.rpcUrl ?? null,
      );
    case 'local':
      return (await import('./localDev.ts')).createLocalDevConnector(config?.rpcUrl ?? '');
  }
}

/** A connector's restore from the accounts its connect answers (local development accounts, sharded keys). */
export async function findAmongAccounts(
  connector: Pick<WalletConnector, 'connect'>,
  address: string,
): Promise<{ account: WalletAccount; networkId: number } | null> {
  const { accounts, networkId } = await connector.connect();
  const account = accounts.find((candidate) => candidate.address.toLowerCase() === address.toLowerCase());
  return account ? { account, networkId } : null;
}
