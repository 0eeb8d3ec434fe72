import { type WalletKind, walletKinds } from './types.ts';

/** Where the last connection is kept: local storage, so a reload and every new tab of this browser find it. */
export const rememberedWalletKey = 'tranche.wallet';

/** The last connection: which kind of wallet, which account, and for a browser wallet which extension. */
export type RememberedWallet = {
  kind: WalletKind;
  address: string;
  /** The EIP-6963 provider's reverse-DNS name (browser wallets), so the same extension is asked again. */
  rdns?: string;
};

/**
 * Checked by hand, not with zod: Sign Out forgets the connection from the first load of every page, and zod only
 * comes with the first API answer (the first-load budgets of serving.spec).
 */
function isRememberedWallet(value: unknown): value is RememberedWallet {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, address, rdns } = value as Record<string, unknown>;
  return (
    (walletKinds as readonly unknown[]).includes(kind) &&
    typeof address === 'string' &&
    /^0x[0-9a-fA-F]{40}$/.test(address) &&
    (rdns === undefined || typeof rdns === 'string')
  );
}

/** Kinds restored without asking: a Ledger must be unlocked and confirmed by its owner, so it asks again. */
export function isRestorable(kind: WalletKind): boolean {
  return kind !== 'ledger';
}

/** The remembered connection, or null (none, a Ledger, or something this version cannot read). */
export function readRememberedWallet(
  storage: Pick<Storage, 'getItem'> = localStorage,
): RememberedWallet | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(rememberedWalletKey) ?? 'null');
    return isRememberedWallet(value) && isRestorable(value.kind) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the connection the user chose (or forgets it when they have none, e.g. after Sign Out). */
export function writeRememberedWallet(
  wallet: RememberedWallet | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  try {
    if (wallet && isRestorable(wallet.kind)) storage.setItem(rememberedWalletKey, JSON.stringify(wallet));
    else storage.removeItem(rememberedWalletKey);
  } catch {
    // Storage refused (private mode, quota): the connection is simply not remembered.
  }
}
