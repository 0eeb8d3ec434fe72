import { transactionMessages } from '@tranche/api';
import { AccessCodeDialog } from '@tranche/ui-kit';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { api, describeError } from '../../../lib/api.ts';
import { notifyAtom } from '../../notifications/index.ts';

/** A token operation of a sharded account: txType 1 pause, 2 resume, 3 redeem, 4 issue (part 1, section 4). */
export type DtxRequest = {
  symbol: string;
  accountAddress: string;
  txType: 1 | 2 | 3 | 4;
  /** issue: holderAddress, amount, partition, additionalData; redeem: amount, partition, additionalData. */
  txData?: Record<string, string>;
};

export type StartDtxDialogProps = {
  /** The operation to start; null keeps the dialog closed. */
  request: DtxRequest | null;
  onClose: () => void;
  /** Called with the id of the distributed transaction, now waiting for the other signers. */
  onStarted?: (id: number) => void;
};

/**
 * For TokenInfo with a sharded key selected as wallet: instead of signing, the operation starts a distributed
 * transaction with the user's access code; the user's approval counts and the other signers approve from the
 * pending dropdown. A failure reads 'Failed to start the distributed transaction.' with the server's reason.
 */
export function StartDtxDialog({ request, onClose, onStarted }: StartDtxDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const notify = useSetAtom(notifyAtom);

  const start = async (accessCode: string) => {
    if (!request) return;
    setBusy(true);
    setError(undefined);
    try {
      const { id } = await api.call('startDtx', {
        body: { ...request, txData: request.txData ?? {}, accessCode },
      });
      notify({
        text: `Transaction #${id} is waiting for the other signers`,
        state: 'info',
        data: { id: String(id) },
      });
      onStarted?.(id);
      onClose();
    } catch (failure) {
      setError(`${transactionMessages.dtxStartFailed} ${describeError(failure).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
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
    />
  );
}
