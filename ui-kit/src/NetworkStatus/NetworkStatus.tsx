import { isValidElement } from 'react';
import { defaultRenderLink, type RenderLink } from '../Link/Link.tsx';
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
  /** Renders the 'How to fix this?' link to /Keys with the app's router (a plain <a> by default). */
  renderLink?: RenderLink;
};

export const howToFixText =
  'Register this address on the My Keys page, or choose another account in your wallet.';

/** Where 'How to fix this?' leads: the My Keys page, where an address is registered. */
export const howToFixHref = '/Keys';

/**
 * The header strip: 'Connected to {network} as {address}' or 'Not connected', plus the unregistered warning with
 * a 'How to fix this?' link to /Keys (its tooltip says what to do there).
 */
export function NetworkStatus({
  connection,
  registered,
  onChangeWallet,
  renderLink = defaultRenderLink,
}: NetworkStatusProps) {
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
  const howTo = renderLink({ href: howToFixHref, className: styles.howTo, children: 'How to fix this?' });
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
          {isValidElement(howTo) ? (
            <Tooltip content={howToFixText} side="bottom">
              {howTo}
            </Tooltip>
          ) : (
            howTo
          )}
        </p>
      ) : null}
    </div>
  );
}
