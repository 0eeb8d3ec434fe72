import { NetworkStatus } from '@tranche/ui-kit';
import { useAtomValue, useSetAtom } from 'jotai';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { walletAtom, walletRegisteredAtom } from '../atoms.ts';
import { openWalletSelectorAtom } from '../selection.ts';
import { isWalletConnected } from '../types.ts';

/** The header strip (ui-kit NetworkStatus) wired to the selected wallet and the registration check. */
export function HeaderStrip() {
  const wallet = useAtomValue(walletAtom);
  const registered = useAtomValue(walletRegisteredAtom);
  const openSelector = useSetAtom(openWalletSelectorAtom);
  return (
    <section aria-label="Wallet">
      <NetworkStatus
        connection={
          isWalletConnected(wallet) ? { networkName: wallet.networkName, address: wallet.address } : null
        }
        registered={registered ?? undefined}
        renderLink={renderRouterLink}
        onChangeWallet={() => {
          void openSelector();
        }}
      />
    </section>
  );
}
