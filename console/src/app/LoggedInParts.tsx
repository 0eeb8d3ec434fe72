import { PendingTransactionsMenu } from '../features/pending/index.ts';
import { AccountReviewDialog } from '../features/session/index.ts';
import {
  HeaderStrip,
  WalletEventsEffect,
  WalletRegistrationEffect,
  WalletRestoreEffect,
  WalletSelectorDialog,
} from '../features/wallet/index.ts';

/**
 * The shell's parts for a logged-in user (the wallet strip, the pending menu, dialogs, effects): loaded lazily by
 * AppLayout, so the public pages do not carry them (nor the tooltip and menu code they use).
 */
export function LoggedInParts({ part }: { part: 'strip' | 'pending' | 'overlays' }) {
  if (part === 'strip') return <HeaderStrip />;
  if (part === 'pending') return <PendingTransactionsMenu />;
  return (
    <>
      <WalletSelectorDialog />
      <AccountReviewDialog />
      <WalletEventsEffect />
      <WalletRegistrationEffect />
      <WalletRestoreEffect />
    </>
  );
}
