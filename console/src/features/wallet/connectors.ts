import type { AppConfig } from '@tranche/api';
import type { WalletConnector, WalletKind } from './types.ts';

/** The local development account is offered only when the chain is the server's embedded one. */
export function isLocalWalletAvailable(config: AppConfig | undefined): boolean {
  return Boolean(config?.local && config.rpcUrl);
}

/** Loads a connector when the user picks its kind, so ethers and the Ledger libraries stay out of the first load. */
export async function createConnector(
  kind: WalletKind,
  config: AppConfig | undefined,
): Promise<WalletConnector> {
  switch (kind) {
    case 'browser':
      return (await import('./injected.ts')).createInjectedConnector();
    case 'ledger':
      return (await import('./ledger.ts')).createLedgerConnector({ rpcUrl: config?.rpcUrl ?? null });
    case 'sharded':
      return (await import('./sharded.ts')).createShardedConnector(config?.chainId ?? 0);
    case 'local':
      return (await import('./localDev.ts')).createLocalDevConnector(config?.rpcUrl ?? '');
  }
}
