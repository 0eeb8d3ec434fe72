import { CopyButton } from '../CopyButton/CopyButton.tsx';
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
};

/** An Ethereum address, checksummed (EIP-55), optionally shortened, with a copy button. */
export function AddressText({ address, shorten = true, copyable = true }: AddressTextProps) {
  const checksummed = toChecksumAddress(address);
  return (
    <span className={styles.address}>
      {shorten ? (
        <Tooltip content={checksummed}>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can reveal the full address */}
          <span className={styles.value} tabIndex={0}>
            <span aria-hidden="true">{shortenAddress(checksummed)}</span>
            <span className={visuallyHidden}>{checksummed}</span>
          </span>
        </Tooltip>
      ) : (
        <span className={styles.value}>{checksummed}</span>
      )}
      {copyable ? <CopyButton value={checksummed} label="Copy address" /> : null}
    </span>
  );
}
