import { Notifications } from '../features/notifications/index.ts';
import { PendingTransactionsMenu } from '../features/pending/index.ts';
import { Layout } from '../features/shell/index.ts';
import {
  HeaderStrip,
  WalletEventsEffect,
  WalletRegistrationEffect,
  WalletSelectorDialog,
} from '../features/wallet/index.ts';
import { useAtomValue } from 'jotai';
import { authStateAtom } from '../features/session/index.ts';

/** The shell with the app-wide pieces plugged in (wallet strip, pending transactions, notifications). */
export function AppLayout() {
  const loggedIn = useAtomValue(authStateAtom) === 'in';
  return (
    <Layout
      strip={loggedIn ? <HeaderStrip /> : null}
      pending={loggedIn ? <PendingTransactionsMenu /> : null}
      overlays={
        <>
          <Notifications />
          {loggedIn ? (
            <>
              <WalletSelectorDialog />
              <WalletEventsEffect />
              <WalletRegistrationEffect />
            </>
          ) : null}
        </>
      }
    />
  );
}
