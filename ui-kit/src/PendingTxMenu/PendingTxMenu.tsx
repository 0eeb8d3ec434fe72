import { Button } from '../Button/Button.tsx';
import { Icon } from '../Icon/Icon.tsx';
import * as Popover from '../Popover/Popover.tsx';
import { type PendingTx, PendingTxItem } from '../PendingTxItem/PendingTxItem.tsx';
import * as styles from './PendingTxMenu.css.ts';

export type PendingTxMenuProps = {
  transactions: readonly PendingTx[];
  onApprove: (tx: PendingTx) => void;
  onAbort: (tx: PendingTx) => void;
  onView: (tx: PendingTx) => void;
  /** When given, a link-like button under the list opens the approvals inbox. */
  onOpenInbox?: () => void;
  /** Called with true each time the list is displayed (the spec refreshes it then). */
  onOpenChange?: (open: boolean) => void;
  /** The txId whose approval or abort is running. */
  busyTxId?: number | string;
  defaultOpen?: boolean;
  now?: Date;
};

/** The header dropdown '{n} Transactions'; hidden when nothing is pending. */
export function PendingTxMenu({
  transactions,
  onApprove,
  onAbort,
  onView,
  onOpenInbox,
  onOpenChange,
  busyTxId,
  defaultOpen,
  now,
}: PendingTxMenuProps) {
  if (transactions.length === 0) return null;
  return (
    <Popover.Root defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <Button variant="secondary" size="small">
          {transactions.length} Transactions
          <Icon name="chevronDown" />
        </Button>
      </Popover.Trigger>
      <Popover.Content aria-label="Pending transactions" align="end">
        <ul className={styles.list}>
          {transactions.map((tx) => (
            <li key={tx.txId}>
              <PendingTxItem
                tx={tx}
                now={now}
                busy={busyTxId === tx.txId}
                onApprove={onApprove}
                onAbort={onAbort}
                onView={onView}
              />
            </li>
          ))}
        </ul>
        {onOpenInbox ? (
          <div className={styles.footer}>
            <Popover.Close asChild>
              <Button variant="ghost" size="small" onClick={onOpenInbox}>
                Open the approvals inbox
              </Button>
            </Popover.Close>
          </div>
        ) : null}
      </Popover.Content>
    </Popover.Root>
  );
}
