import type { AppConfig } from '@tranche/api';
import type { WalletConnector, WalletKind } from './types.ts';

/** The wallet kinds the selector offers: the local development account only when the chain is the embedded one. */
export function availableWalletKinds(config: AppConfig | undefined): WalletKind[] {
  const kinds: WalletKind[] = ['browser', 'ledger', 'sharded'];
  if (config?.local && config.rpcUrl) kinds.push('local');
  return kinds;
}

export const walletKindLabels: Record<WalletKind, string> = {
  browser: 'Browser wallet',
  ledger: 'Hardware ledger device',
  sharded: 'Use a Sharded Key',
  local: 'Local development account',
};

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
