export {
  addressRegisteredAtom,
  forgetWalletAtom,
  walletAtom,
  walletConnectorAtom,
  walletRegisteredAtom,
} from './atoms.ts';
export { HeaderStrip } from './components/HeaderStrip.tsx';
export { WalletEventsEffect, WalletRegistrationEffect } from './components/WalletEffects.tsx';
export { WalletRestoreEffect } from './components/WalletRestoreEffect.tsx';
export { WalletSelectorDialog } from './components/WalletSelectorDialog.tsx';
export { useSelectWallet, useWallet, useWalletSigner } from './hooks/useWallet.ts';
export { networkName } from './networks.ts';
export { WalletError, isWalletConnected, providerIds, walletKinds } from './types.ts';
export type { WalletAccount, WalletConnector, WalletKind, WalletState } from './types.ts';
