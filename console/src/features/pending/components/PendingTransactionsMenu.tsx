import { type DtxListItem, transactionMessages } from '@tranche/api';
import { AccessCodeDialog, type PendingTx, PendingTxMenu } from '@tranche/ui-kit';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, describeError } from '../../../lib/api.ts';
import { routeTo } from '../../../lib/paths.ts';
import { notifyAtom } from '../../notifications/index.ts';
import { reshardInfoAtom } from '../../sharding/index.ts';

/** How often the count in the navigation bar is refreshed in the background (the list also refreshes when opened). */
export const pendingRefreshMs = 15_000;

type Action = { kind: 'approve' | 'abort'; tx: DtxListItem };

function toPendingTx(tx: DtxListItem): PendingTx {
  return {
    txId: tx.txId,
    txTypeName: tx.txTypeName,
    startedOn: tx.startedOn,
    startedBy: tx.startedBy,
    signers: tx.signers.map((signer) => signer.signedBy),
    currentApprovers: tx.currentApprovers,
    requiredApprovers: tx.requiredApprovers,
    token: tx.token ? { symbol: tx.token.symbol, name: tx.token.name } : null,
    expiresOn: tx.expiresOn,
  };
}

/**
 * The pending transactions dropdown of the navigation bar (part 1): '{n} Transactions', hidden at 0, refreshed
 * whenever it is displayed; Approve and Abort ask for the access code; an approval that completes a reshard goes
 * to ConfirmResharding with the new shares.
 */
export function PendingTransactionsMenu() {
  const [transactions, setTransactions] = useState<DtxListItem[]>([]);
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const notify = useSetAtom(notifyAtom);
  const setReshardInfo = useSetAtom(reshardInfoAtom);
  const navigate = useNavigate();
  const alive = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const answer = await api.call('pendingDtx');
      if (alive.current) setTransactions(answer.transactions.map((item) => item.tx));
    } catch {
      // The count stays as it was; the next refresh tries again.
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void refresh();
    const timer = setInterval(() => void refresh(), pendingRefreshMs);
    return () => {
      alive.current = false;
      clearInterval(timer);
    };
  }, [refresh]);

  const find = (tx: PendingTx) => transactions.find((item) => item.txId === tx.txId);

  const run = async (accessCode: string) => {
    if (!action) return;
    setBusy(true);
    setError(undefined);
    const body = { id: action.tx.txId, accountAddress: action.tx.publicAddress, accessCode };
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
      await refresh();
    } catch (failure) {
      const message = describeError(failure).message;
      setError(message);
      notify({ text: message, state: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const start = (kind: Action['kind']) => (tx: PendingTx) => {
    const item = find(tx);
    if (!item) return;
    setError(undefined);
    setAction({ kind, tx: item });
  };

  return (
    <>
      <PendingTxMenu
        transactions={transactions.map(toPendingTx)}
        onOpenChange={(open) => {
          if (open) void refresh();
        }}
        onApprove={start('approve')}
        onAbort={start('abort')}
        onView={(tx) => navigate(routeTo.ViewTransaction(tx.txId))}
        busyTxId={busy ? action?.tx.txId : undefined}
      />
      <AccessCodeDialog
        open={action !== null}
        onOpenChange={(open) => (open ? undefined : setAction(null))}
        onSubmit={(code) => void run(code)}
        busy={busy}
        error={error}
        confirmLabel={action?.kind === 'abort' ? 'Abort' : 'Approve'}
      />
    </>
  );
}
