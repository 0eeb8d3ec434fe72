import type { AppConfig } from '@tranche/api';
import { createInjectedConnector } from './injected.ts';
import { createLedgerConnector } from './ledger.ts';
import { createLocalDevConnector } from './localDev.ts';
import { createShardedConnector } from './sharded.ts';
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

export async function createConnector(
  kind: WalletKind,
  config: AppConfig | undefined,
): Promise<WalletConnector> {
  switch (kind) {
    case 'browser':
      return createInjectedConnector();
    case 'ledger':
      return createLedgerConnector({ rpcUrl: config?.rpcUrl ?? null });
    case 'sharded':
      return createShardedConnector(config?.chainId ?? 0);
    case 'local':
      return createLocalDevConnector(config?.rpcUrl ?? '');
  }
}
