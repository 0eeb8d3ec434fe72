import { PendingTransactionsMenu } from '../features/pending/index.ts';
import {
  WalletEventsEffect,
  WalletRegistrationEffect,
  WalletSelectorDialog,
} from '../features/wallet/index.ts';

/** The shell's parts for a logged-in user that show nothing at first (a menu, dialogs, effects): loaded lazily by AppLayout, so the public pages do not carry them. */
export function LoggedInParts({ part }: { part: 'pending' | 'overlays' }) {
  if (part === 'pending') return <PendingTransactionsMenu />;
  return (
    <>
      <WalletSelectorDialog />
      <WalletEventsEffect />
      <WalletRegistrationEffect />
    </>
  );
}
