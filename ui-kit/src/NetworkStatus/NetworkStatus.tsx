import { Tooltip } from '../Tooltip/Tooltip.tsx';
import { toChecksumAddress } from '../AddressText/address.ts';
import * as styles from './NetworkStatus.css.ts';

export type NetworkStatusProps = {
  /** The connected wallet, or null when not connected. */
  connection: { networkName: string; address: string } | null;
  /** false shows the red 'not registered' warning; undefined while unknown. */
  registered?: boolean;
  /** The address (or 'Not connected') was clicked: open the wallet selector. */
  onChangeWallet: () => void;
};

export const howToFixText =
  'Register this address on the My Keys page (/Keys), or choose another account in your wallet.';

/** The header strip: 'Connected to {network} as {address}' or 'Not connected', plus the unregistered warning. */
export function NetworkStatus({ connection, registered, onChangeWallet }: NetworkStatusProps) {
  if (!connection) {
    return (
      <div className={styles.strip}>
        <button type="button" className={styles.linkButton} onClick={onChangeWallet}>
          Not connected
        </button>
      </div>
    );
  }
  const address = toChecksumAddress(connection.address);
  return (
    <div className={styles.strip}>
      <p className={styles.status}>
        Connected to {connection.networkName} as{' '}
        <button
          type="button"
          className={`${styles.linkButton} ${styles.address}`}
          onClick={onChangeWallet}
          title="Change wallet"
        >
          {address}
        </button>
      </p>
      {registered === false ? (
        <p className={styles.warning} role="alert">
          <span>The address {address} is not registered in our platform.</span>{' '}
          <Tooltip content={howToFixText} side="bottom">
            <button type="button" className={styles.howTo}>
              How to fix this?
            </button>
          </Tooltip>
        </p>
      ) : null}
    </div>
  );
}
