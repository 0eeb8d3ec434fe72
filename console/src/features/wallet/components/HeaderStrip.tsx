import { Tooltip } from '@tranche/ui-kit';
import { useAtomValue, useSetAtom } from 'jotai';
import { walletAtom, walletRegisteredAtom } from '../atoms.ts';
import { openWalletSelectorAtom } from '../selection.ts';
import { isWalletConnected } from '../types.ts';
import * as styles from './HeaderStrip.css.ts';

/** 'Connected to {network} as {address}' (address opens the selector), or 'Not connected'; the unregistered warning. */
export function HeaderStrip() {
  const wallet = useAtomValue(walletAtom);
  const registered = useAtomValue(walletRegisteredAtom);
  const openSelector = useSetAtom(openWalletSelectorAtom);
  const handleChange = () => {
    void openSelector();
  };
  return (
    <section className={styles.strip} aria-label="Wallet">
      {isWalletConnected(wallet) ? (
        <span>
          Connected to {wallet.networkName} as{' '}
          <button type="button" className={styles.linkButton} onClick={handleChange} title="Change wallet">
            {wallet.address}
          </button>
        </span>
      ) : (
        <button type="button" className={styles.linkButton} onClick={handleChange}>
          Not connected
        </button>
      )}
      {isWalletConnected(wallet) && registered === false ? (
        <span className={styles.warning} role="status">
          The address {wallet.address} is not registered in our platform.{' '}
          <Tooltip content="Register this address and its private key at My Keys (/Keys), or choose another account.">
            <button type="button" className={styles.linkButton}>
              How to fix this?
            </button>
          </Tooltip>
        </span>
      ) : null}
    </section>
  );
}
