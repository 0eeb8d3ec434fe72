import { NetworkStatus } from '@tranche/ui-kit';
import { useAtomValue, useSetAtom } from 'jotai';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { walletAtom, walletRegisteredAtom } from '../atoms.ts';
import { openWalletSelectorAtom } from '../selection.ts';
import { isWalletConnected } from '../types.ts';
import { WalletChip } from './WalletChip.tsx';

/** The header strip (ui-kit NetworkStatus) wired to the selected wallet and the registration check, and the wallet chip. */
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
      {isWalletConnected(wallet) ? <WalletChip wallet={wallet} /> : null}
    </section>
  );
}
