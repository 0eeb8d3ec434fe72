import { Address } from '../../config/index.ts';
import * as styles from './OperationSummary.css.ts';

export type OperationSummaryProps = {
  /** What it does, with the formatted amount: 'Transfer 10 ABC'. */
  action: string;
  /** Each party: its role ('From', 'To') and its address. */
  parties: [role: string, address: string][];
  /** The whitelisted legal names the viewer may see, by lower-case address. */
  names: Map<string, string>;
  /** The partitions it acts on; several are taken from in this order (a controller operation). */
  partitions: string[];
  /** 'From' (what is taken from a partition) or 'On' (an issue). */
  partitionWord?: 'From' | 'On';
};

/**
 * What a token operation will do, for its confirmation (Issue, Redeem, Force transfer, Controller redeem): the
 * amount, each party's role, legal name and address in full (checksummed, wrapped never clipped, with copy and
 * explorer link) and the partitions.
 */
export function OperationSummary({
  action,
  parties,
  names,
  partitions,
  partitionWord = 'From',
}: OperationSummaryProps) {
  // Inside the dialog's description (a paragraph): phrasing content only, laid out in blocks.
  return (
    <>
      {`${action}? `}
      {parties.map(([role, address]) => {
        const name = names.get(address.toLowerCase());
        return (
          <span key={role} className={styles.party}>
            <span className={styles.partyLabel}>{`${role} `}</span>
            {name ? <span className={styles.partyName}>{`${name} `}</span> : null}
            <Address address={address} shorten={false} />
          </span>
        );
      })}
      <span className={styles.partitions}>
        {`${partitionWord} ${partitions.length === 1 ? 'partition' : 'partitions'} ${partitions.join(', ')}${partitions.length > 1 ? ', in this order' : ''}.`}
      </span>
    </>
  );
}
