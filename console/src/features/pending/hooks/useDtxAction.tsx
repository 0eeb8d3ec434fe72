import { transactionMessages } from '@tranche/api';
import { AccessCodeDialog } from '@tranche/ui-kit';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, describeError } from '../../../lib/api.ts';
import { routeTo } from '../../../lib/paths.ts';
import { notifyAtom } from '../../notifications/index.ts';
import { reshardInfoAtom } from '../../sharding/index.ts';
import { pendingChangedAtom } from '../state.ts';

export type DtxActionKind = 'approve' | 'abort';
/** The transaction an approval or abort is for: its id and its key's address. */
export type DtxActionTarget = { txId: number; publicAddress: string };

/**
 * Approve or abort a distributed transaction: `start` opens the access code dialog (the confirmation), which runs
 * the call; an approval that completes a reshard goes to ConfirmResharding with the new shares. `onDone` runs after
 * each success (a refresh).
 */
export function useDtxAction(onDone: () => unknown) {
  const [action, setAction] = useState<{ kind: DtxActionKind; target: DtxActionTarget } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const notify = useSetAtom(notifyAtom);
  const setReshardInfo = useSetAtom(reshardInfoAtom);
  const bumpPending = useSetAtom(pendingChangedAtom);
  const navigate = useNavigate();

  const run = async (accessCode: string) => {
    if (!action) return;
    setBusy(true);
    setError(undefined);
    const body = { id: action.target.txId, accountAddress: action.target.publicAddress, accessCode };
    try {
      if (action.kind === 'approve') {
        const answer = await api.call('approveDtx', { body });
        if (answer.errorMessage) notify({ text: answer.errorMessage, state: 'error' });
        else
          notify({ text: transactionMessages.approved, state: 'success', data: { id: String(answer.id) } });
        if (answer.info) {
          setReshardInfo(answer.info);
          // The key in the address: a reload of the page loads the reshard from the server.
          navigate(`${routeTo.ConfirmResharding()}?key=${answer.info.publicAddress}`);
        }
      } else {
        await api.call('cancelDtx', { body });
        notify({ text: transactionMessages.cancelled, state: 'info', data: { id: String(body.id) } });
      }
      setAction(null);
      bumpPending((n) => n + 1);
      await onDone();
    } catch (failure) {
      const message = describeError(failure).message;
      setError(message);
      notify({ text: message, state: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const start = (kind: DtxActionKind, target: DtxActionTarget) => {
    setError(undefined);
    setAction({ kind, target });
  };

  const dialog = (
    <AccessCodeDialog
      open={action !== null}
      onOpenChange={(open) => (open ? undefined : setAction(null))}
      onSubmit={(code) => void run(code)}
      busy={busy}
      error={error}
      confirmLabel={action?.kind === 'abort' ? 'Abort' : 'Approve'}
    />
  );
  return { start, dialog, open: action !== null, busyTxId: busy ? action?.target.txId : undefined };
}
