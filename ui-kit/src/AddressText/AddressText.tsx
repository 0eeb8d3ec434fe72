import { CopyButton } from '../CopyButton/CopyButton.tsx';
import { type ExplorerConfig, explorerHref } from '../ExplorerLink/explorerHref.ts';
import { Icon } from '../Icon/Icon.tsx';
import { type RenderLink, TextLink } from '../Link/Link.tsx';
import { Tooltip } from '../Tooltip/Tooltip.tsx';
import { visuallyHidden } from '../theme/utils.css.ts';
import { shortenAddress, toChecksumAddress } from './address.ts';
import * as styles from './AddressText.css.ts';

export type AddressTextProps = {
  address: string;
  /** Show 0x1234…abcd with the full value in a tooltip (default), or the whole address. */
  shorten?: boolean;
  /** Show a copy button beside it (default true). */
  copyable?: boolean;
  /** Who the address is (an investor's legal name, a scheme's owner): shown before it. */
  name?: string | null;
  /** Where the address opens in a block explorer (or the app's local page): a link beside it. */
  explorer?: ExplorerConfig;
  /** Renders local explorer links with the app's router. */
  renderLink?: RenderLink;
};

/**
 * The one way an Ethereum address is shown: checksummed (EIP-55), short with the full value on hover, focus and
 * for screen readers (or whole), a copy button, an explorer link, and the name of who it is when known.
 */
export function AddressText({
  address,
  shorten = true,
  copyable = true,
  name,
  explorer,
  renderLink,
}: AddressTextProps) {
  const checksummed = toChecksumAddress(address);
  const href = explorer ? explorerHref('address', checksummed, explorer) : null;
  return (
    <span className={styles.address}>
      {name ? <span className={styles.name}>{name}</span> : null}
      {shorten ? (
        <Tooltip content={checksummed}>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can reveal the full address */}
          <span className={`${styles.value} ${styles.short}`} tabIndex={0}>
            <span aria-hidden="true">{shortenAddress(checksummed)}</span>
            <span className={visuallyHidden}>{checksummed}</span>
          </span>
        </Tooltip>
      ) : (
        <span className={styles.value}>{checksummed}</span>
      )}
      {copyable ? <CopyButton value={checksummed} label="Copy address" /> : null}
      {href && explorer ? (
        <TextLink
          href={href}
          external={!explorer.isLocal}
          renderLink={renderLink}
          className={styles.explorerLink}
        >
          <Icon name="external" label={`Open ${name ?? shortenAddress(checksummed)} in the explorer`} />
        </TextLink>
      ) : null}
    </span>
  );
}
