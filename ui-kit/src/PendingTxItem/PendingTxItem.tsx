import { Badge } from '../Badge/Badge.tsx';
import { Button } from '../Button/Button.tsx';
import { TimeAgo } from '../TimeAgo/TimeAgo.tsx';
import { Tooltip } from '../Tooltip/Tooltip.tsx';
import { signedByText } from './signedBy.ts';
import * as styles from './PendingTxItem.css.ts';

/** A distributed (sharded-key) transaction waiting for approvers. */
export type PendingTx = {
  txId: number | string;
  txTypeName: string;
  startedOn: Date | string | number;
  startedBy: string;
  /** Who signed so far (signers[].signedBy). */
  signers: readonly string[];
  currentApprovers: number;
  requiredApprovers: number;
  token: { symbol: string; name: string } | null;
  /** When it expires unless approved (ISO time), shown as 'Expires YYYY-MM-DD HH:MM UTC'. */
  expiresOn?: string | null;
};

export type PendingTxItemProps = {
  tx: PendingTx;
  onApprove: (tx: PendingTx) => void;
  onAbort: (tx: PendingTx) => void;
  onView: (tx: PendingTx) => void;
  /** Disables the actions while an approval or abort runs. */
  busy?: boolean;
  /** Reference time for the time-ago text (tests, stories). */
  now?: Date;
};

/** '#{txId} {txTypeName}', time ago, token, 'Started by', approvals badge with signers, Approve / Abort / View. */
export function PendingTxItem({ tx, onApprove, onAbort, onView, busy = false, now }: PendingTxItemProps) {
  return (
    <article className={styles.item} aria-label={`#${tx.txId} ${tx.txTypeName}`}>
      <div className={styles.header}>
        <p className={styles.title}>
          #{tx.txId} {tx.txTypeName}
        </p>
        <span className={styles.time}>
          <TimeAgo date={tx.startedOn} now={now} />
        </span>
      </div>
      {tx.token ? (
        <p className={styles.token}>
          <span className={styles.symbol}>{tx.token.symbol}</span> {tx.token.name}
        </p>
      ) : null}
      <div className={styles.meta}>
        <span>Started by {tx.startedBy}</span>
        {tx.expiresOn ? (
          <span>
            Expires{' '}
            <time dateTime={tx.expiresOn}>{`${tx.expiresOn.slice(0, 16).replace('T', ' ')} UTC`}</time>
          </span>
        ) : null}
        <Tooltip content={signedByText(tx.signers)}>
          <Badge tone={tx.currentApprovers >= tx.requiredApprovers ? 'success' : 'primary'} focusable>
            {tx.currentApprovers}/{tx.requiredApprovers}
          </Badge>
        </Tooltip>
      </div>
      <div className={styles.actions}>
        <Button size="small" onClick={() => onApprove(tx)} disabled={busy}>
          Approve
        </Button>
        <Button size="small" variant="danger" onClick={() => onAbort(tx)} disabled={busy}>
          Abort
        </Button>
        <Button size="small" variant="secondary" onClick={() => onView(tx)}>
          View
        </Button>
      </div>
    </article>
  );
}
