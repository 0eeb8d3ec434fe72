import { forwardRef, memo, useId } from 'react';
import { shortenAddress } from '../AddressText/address.ts';
import { Badge, type BadgeTone } from '../Badge/Badge.tsx';
import { Button } from '../Button/Button.tsx';
import { EffectSummary } from '../EffectSummary/EffectSummary.tsx';
import { ExplorerLink } from '../ExplorerLink/ExplorerLink.tsx';
import type { ExplorerConfig } from '../ExplorerLink/explorerHref.ts';
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
  /** The signers who have not approved yet: name and email (issue 37). */
  notApproved?: readonly { name: string; emailAddress: string }[];
  /** The initiator's comment. */
  comment?: string | null;
  /** The key's readiness: its ETH for gas, and the right on the chain the operation needs (ok null: unknown). */
  readiness?: {
    gas: { ok: boolean | null; text: string };
    rights: { ok: boolean | null; text: string };
  };
  /**
   * What a pending whitelist replacement, freeze or recovery would change (issue 39), in words: a sentence ('What
   * this would change: …' or that nothing would be out of bounds), then one line per holder out of bounds (by name
   * where the viewer may see names) and per queued or pending operation that would fail.
   */
  whatIf?: {
    summary: string;
    holders: readonly { reason: string }[];
    operations: readonly { reason: string }[];
    truncated?: boolean;
  };
  /** A finished operation's result: its transaction and block, or the failure in words (no actions then). */
  outcome?: {
    txStatusName: string;
    txHash: string | null;
    blockNumber: number | null;
    failure: string | null;
  } | null;
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
  /** Where a finished operation's transaction and block link to. */
  explorer?: ExplorerConfig;
};

const badges: Record<ApprovalCardState, { tone: BadgeTone; text: string }> = {
  needsYou: { tone: 'primary', text: 'Needs your approval' },
  waiting: { tone: 'neutral', text: 'Waiting for others' },
  expiringSoon: { tone: 'warning', text: 'Expiring soon' },
  wouldFail: { tone: 'danger', text: 'Would fail' },
};

function lineClass(ok: boolean | null): string {
  if (ok === null) return styles.unknown;
  return ok ? styles.ready : styles.notReady;
}

/** The result of a finished operation: its transaction and block, or the failure in words. */
function Outcome({
  outcome,
  explorer,
}: {
  outcome: NonNullable<ApprovalCardItem['outcome']>;
  explorer: ExplorerConfig;
}) {
  const mined =
    outcome.txHash !== null ? (
      <span>
        Transaction <ExplorerLink kind="tx" value={outcome.txHash} explorer={explorer} />
        {outcome.blockNumber !== null ? (
          <>
            {' '}
            in block <ExplorerLink kind="block" value={String(outcome.blockNumber)} explorer={explorer} />
          </>
        ) : null}
      </span>
    ) : null;
  return (
    <section className={styles.details} aria-label="Outcome">
      {outcome.failure !== null ? <span className={styles.notReady}>Failed: {outcome.failure}</span> : null}
      {mined}
    </section>
  );
}

/** What the operation would change on the register, shown before Approve (issue 39). */
function WhatIf({ whatIf }: { whatIf: NonNullable<ApprovalCardItem['whatIf']> }) {
  const lines = [...whatIf.holders, ...whatIf.operations].map((line) => line.reason);
  const changes = lines.length > 0;
  return (
    <section className={changes ? styles.whatIfChanges : styles.whatIfNothing} aria-label="What-if">
      <p className={styles.whatIfSummary}>{whatIf.summary}</p>
      {changes ? (
        <ul className={styles.whatIfList}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
          {whatIf.truncated ? <li>…</li> : null}
        </ul>
      ) : null}
    </section>
  );
}

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
    { item, selected = false, onApprove, onAbort, busy = false, onSelect, explorer = {} },
    ref,
  ) {
    const outcome = item.outcome ?? null;
    const states = outcome ? [] : approvalStates(item);
    const readiness = outcome ? [] : (item.precheck.readiness ?? []);
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
          {outcome ? (
            <Badge tone={outcome.failure === null ? 'success' : 'danger'}>{outcome.txStatusName}</Badge>
          ) : null}
        </div>
        <div className={styles.meta}>
          <span>
            Key {item.key.name} ({shortenAddress(item.key.address)})
          </span>
          <span>Started by {item.startedBy}</span>
          {item.secondsLeft !== null ? <span>{timeLeftText(item.secondsLeft)}</span> : null}
        </div>
        {item.comment ? <p className={styles.comment}>Comment: {item.comment}</p> : null}
        {outcome ? null : <EffectSummary effect={item.effect} precheck={item.precheck} />}
        {!outcome && item.whatIf ? <WhatIf whatIf={item.whatIf} /> : null}
        {outcome ? <p className={styles.details}>{item.effect}</p> : null}
        {outcome ? <Outcome outcome={outcome} explorer={explorer} /> : null}
        {readiness.length > 0 ? (
          <p className={styles.readiness} id={readinessId} role="note">
            {readiness.join(' ')}
          </p>
        ) : null}
        {item.readiness ? (
          <section className={styles.details} aria-label="Key readiness">
            <span className={lineClass(item.readiness.gas.ok)}>{item.readiness.gas.text}</span>
            <span className={lineClass(item.readiness.rights.ok)}>{item.readiness.rights.text}</span>
          </section>
        ) : null}
        <p className={styles.approvals}>
          {item.approvals.length} of {item.requiredApprovers} approvals
          {item.approvals.length > 0
            ? `: ${item.approvals.map((a) => `${a.signedBy} (${when(a.signedOn)})`).join(', ')}`
            : ''}
        </p>
        {!outcome && item.notApproved && item.notApproved.length > 0 ? (
          <p className={styles.approvals}>
            Not approved yet:{' '}
            {item.notApproved.map((signer) => `${signer.name} <${signer.emailAddress}>`).join(', ')}
          </p>
        ) : null}
        {outcome ? null : (
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
        )}
      </article>
    );
  }),
);
ApprovalCard.displayName = 'ApprovalCard';
