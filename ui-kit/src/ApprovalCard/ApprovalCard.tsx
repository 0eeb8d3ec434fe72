import { forwardRef, memo, useId } from 'react';
import { shortenAddress } from '../AddressText/address.ts';
import { Badge, type BadgeTone } from '../Badge/Badge.tsx';
import { Button } from '../Button/Button.tsx';
import { EffectSummary } from '../EffectSummary/EffectSummary.tsx';
import { formatClock, formatDate } from '../TimeAgo/timeAgoText.ts';
import * as styles from './ApprovalCard.css.ts';
import { type ApprovalCardState, approvalStates, timeLeftText } from './approvalState.ts';

/** One pending operation of a key the user signs (GET /approvals). */
export type ApprovalCardItem = {
  txId: number;
  txTypeName: string;
  key: { address: string; name: string };
  token: { symbol: string; name: string } | null;
  effect: string;
  /** `readiness`: one line per right the key lacks (issue 34); Approve is disabled beside them. */
  precheck: { ok: boolean; reason: string; readiness?: readonly string[] };
  startedBy: string;
  requiredApprovers: number;
  approvals: readonly { signedBy: string; signedOn: string }[];
  approvedByMe: boolean;
  secondsLeft: number | null;
};

export type ApprovalCardProps = {
  item: ApprovalCardItem;
  /** The card the keyboard is on (j/k): highlighted and the one Tab reaches. */
  selected?: boolean;
  onApprove: (item: ApprovalCardItem) => void;
  onAbort: (item: ApprovalCardItem) => void;
  /** Disables the actions while an approval or abort runs. */
  busy?: boolean;
  onSelect?: (item: ApprovalCardItem) => void;
};

const badges: Record<ApprovalCardState, { tone: BadgeTone; text: string }> = {
  needsYou: { tone: 'primary', text: 'Needs your approval' },
  waiting: { tone: 'neutral', text: 'Waiting for others' },
  expiringSoon: { tone: 'warning', text: 'Expiring soon' },
  wouldFail: { tone: 'danger', text: 'Would fail' },
};

function when(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(date)} ${formatClock(date)}`;
}

/**
 * A pending operation in the approvals inbox: its key and token, decoded effect and pre-check, who approved and
 * when, the time left, and Approve (when it needs the user) and Abort.
 *
 * Memoised: an inbox lists hundreds, and moving the selection (j / k) changes the props of two cards only, so
 * give it callbacks that keep their identity (they receive the item). Off-screen cards skip layout and paint
 * (`content-visibility: auto`).
 */
export const ApprovalCard = memo(
  forwardRef<HTMLElement, ApprovalCardProps>(function ApprovalCard(
    { item, selected = false, onApprove, onAbort, busy = false, onSelect },
    ref,
  ) {
    const states = approvalStates(item);
    const readiness = item.precheck.readiness ?? [];
    const readinessId = useId();
    return (
      <article
        ref={ref}
        className={styles.card}
        aria-label={`#${item.txId} ${item.txTypeName}`}
        aria-current={selected || undefined}
        tabIndex={selected ? 0 : -1}
        onFocus={() => onSelect?.(item)}
        data-approval-card={item.txId}
      >
        <div className={styles.header}>
          <p className={styles.title}>
            #{item.txId} {item.txTypeName}
            {item.token ? ` · ${item.token.symbol}` : ''}
          </p>
          {states.map((state) => (
            <Badge key={state} tone={badges[state].tone}>
              {badges[state].text}
            </Badge>
          ))}
        </div>
        <div className={styles.meta}>
          <span>
            Key {item.key.name} ({shortenAddress(item.key.address)})
          </span>
          <span>Started by {item.startedBy}</span>
          {item.secondsLeft !== null ? <span>{timeLeftText(item.secondsLeft)}</span> : null}
        </div>
        <EffectSummary effect={item.effect} precheck={item.precheck} />
        {readiness.length > 0 ? (
          <p className={styles.readiness} id={readinessId} role="note">
            {readiness.join(' ')}
          </p>
        ) : null}
        <p className={styles.approvals}>
          {item.approvals.length} of {item.requiredApprovers} approvals
          {item.approvals.length > 0
            ? `: ${item.approvals.map((a) => `${a.signedBy} (${when(a.signedOn)})`).join(', ')}`
            : ''}
        </p>
        <div className={styles.actions}>
          {item.approvedByMe ? null : (
            <Button
              size="small"
              onClick={() => onApprove(item)}
              disabled={busy || readiness.length > 0}
              aria-describedby={readiness.length > 0 ? readinessId : undefined}
              aria-keyshortcuts="a"
            >
              Approve
            </Button>
          )}
          <Button
            size="small"
            variant="danger"
            onClick={() => onAbort(item)}
            disabled={busy}
            aria-keyshortcuts="x"
          >
            Abort
          </Button>
        </div>
      </article>
    );
  }),
);
ApprovalCard.displayName = 'ApprovalCard';
