import { dtxCommentMax, startDtxRequestSchema, transactionMessages } from '@tranche/api';
import { AccessCodeDialog, Alert, TextArea } from '@tranche/ui-kit';
import { useSetAtom } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { api, describeError } from '../../../lib/api.ts';
import { notifyAtom } from '../../notifications/index.ts';

/**
 * A token operation of a sharded account: txType 1 pause, 2 resume, 3 redeem, 4 issue (part 1, section 4); 6-10 the
 * administration of a version 2 token (upgrade, propose and accept ownership, replace whitelist or scheme).
 */
export type DtxRequest = {
  symbol: string;
  accountAddress: string;
  txType: 1 | 2 | 3 | 4 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;
  /** issue: holderAddress, amount, partition, additionalData; redeem: amount, partition, additionalData. */
  txData?: Record<string, string>;
};

export type StartDtxDialogProps = {
  /** The operation to start; null keeps the dialog closed. */
  request: DtxRequest | null;
  onClose: () => void;
  /** Called with the id of the distributed transaction, now waiting for the other signers. */
  onStarted?: (id: number) => void;
  /** Shown in the dialog before the access code: the operation's pre-check (the token page's PrecheckLine). */
  precheck?: ReactNode;
  /**
   * Start stays disabled while the pre-check runs or refuses (a right the key lacks, issue 34), described by the
   * pre-check's line (`startDescribedBy`: its id).
   */
  startDisabled?: boolean;
  startDescribedBy?: string;
};

/** How long the alert of a started distributed transaction stays on screen (part 1, section 9). */
export const startAlertMs = 6000;

/**
 * For TokenInfo with a sharded key selected as wallet: instead of signing, the operation starts a distributed
 * transaction with the user's access code; the user's approval counts and the other signers approve from the
 * pending dropdown. A failure reads 'Failed to start the distributed transaction.' with the server's reason; a start
 * shows an alert that hides after {@link startAlertMs}.
 */
export function StartDtxDialog({
  request,
  onClose,
  onStarted,
  precheck,
  startDisabled = false,
  startDescribedBy,
}: StartDtxDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const notify = useSetAtom(notifyAtom);
  const [started, setStarted] = useState<number | null>(null);
  // The initiator's note to the other signers (issue 37): on every approval card and in the mails.
  const [comment, setComment] = useState('');
  const commentError = startDtxRequestSchema.shape.comment.safeParse(comment).error?.issues[0]?.message;
  useEffect(() => {
    if (started === null) return;
    const timer = setTimeout(() => setStarted(null), startAlertMs);
    return () => clearTimeout(timer);
  }, [started]);

  const start = async (accessCode: string) => {
    if (!request || commentError) return;
    setBusy(true);
    setError(undefined);
    try {
      const { id } = await api.call('startDtx', {
        body: {
          ...request,
          txData: request.txData ?? {},
          accessCode,
          ...(comment.trim() ? { comment } : {}),
        },
      });
      setStarted(id);
      notify({
        text: `Distributed transaction #${id} started`,
        state: 'info',
        data: { id: String(id) },
      });
      onStarted?.(id);
      setComment('');
      onClose();
    } catch (failure) {
      setError(`${transactionMessages.dtxStartFailed} ${describeError(failure).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {started !== null ? (
        <Alert tone="primary" title="Transaction started">
          {`Transaction #${started} is waiting for the other signers`}
        </Alert>
      ) : null}
      <AccessCodeDialog
        open={request !== null}
        onOpenChange={(open) => {
          if (!open) {
            setError(undefined);
            onClose();
          }
        }}
        onSubmit={(code) => void start(code)}
        busy={busy}
        error={error}
        confirmLabel="Start"
        confirmDisabled={startDisabled}
        confirmDescribedBy={startDescribedBy}
      >
        {precheck}
        <TextArea
          label="Comment (optional)"
          help={`For the other signers: shown on their approval cards and in their mails (at most ${dtxCommentMax} characters).`}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          error={commentError}
          rows={2}
        />
      </AccessCodeDialog>
    </>
  );
}
