import { ConfirmDialog } from '@tranche/ui-kit';
import type { TokenOps } from './types.ts';

/** A token operation's confirmation as `TokenOps.confirm` opens it. */
export type OperationQuestion = Parameters<TokenOps['confirm']>[0];

/**
 * The token page's confirmation dialog: 'Yes, continue' closes it and runs the operation; the way back (Cancel, or
 * the question's own `cancelLabel`) only closes it, so the form behind keeps what was typed.
 */
export function OperationDialog({
  question,
  onClose,
}: {
  question: OperationQuestion | null;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={question?.title ?? ''}
      text={question?.text ?? ''}
      confirmLabel="Yes, continue"
      cancelLabel={question?.cancelLabel}
      onConfirm={() => {
        const action = question?.onConfirm;
        onClose();
        action?.();
      }}
    />
  );
}
