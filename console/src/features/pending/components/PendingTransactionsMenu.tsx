import type { DtxListItem } from '@tranche/api';
import { type PendingTx, PendingTxMenu } from '@tranche/ui-kit';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { routeTo } from '../../../lib/paths.ts';
import { type DtxActionKind, useDtxAction } from '../hooks/useDtxAction.tsx';
import { pendingChangedAtom } from '../state.ts';

/** How often the count in the navigation bar is refreshed in the background (the list also refreshes when opened). */
export const pendingRefreshMs = 15_000;

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
  const action = useDtxAction(refresh);
  // An approve or abort elsewhere (/Approvals) refreshes the count at once.
  const changed = useAtomValue(pendingChangedAtom);
  useEffect(() => {
    if (changed > 0) void refresh();
  }, [changed, refresh]);

  useEffect(() => {
    alive.current = true;
    void refresh();
    const timer = setInterval(() => void refresh(), pendingRefreshMs);
    return () => {
      alive.current = false;
      clearInterval(timer);
    };
  }, [refresh]);

  const start = (kind: DtxActionKind) => (tx: PendingTx) => {
    const item = transactions.find((candidate) => candidate.txId === tx.txId);
    if (item) action.start(kind, item);
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
        onOpenInbox={() => navigate(routeTo.Approvals())}
        busyTxId={action.busyTxId}
      />
      {action.dialog}
    </>
  );
}
