import type { ReactNode } from 'react';
import { Button } from '../Button/Button.tsx';
import * as Dialog from '../Dialog/Dialog.tsx';

export const confirmDialogTones = ['primary', 'danger'] as const;

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  text: ReactNode;
  onConfirm: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: (typeof confirmDialogTones)[number];
  /** Disables both buttons and shows a spinner on confirm. */
  busy?: boolean;
};

/** A yes/no question before a consequential action (pause, remove, deploy...). Cancel has the initial focus. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  onConfirm,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={busy ? undefined : onOpenChange}>
      <Dialog.Content title={title} description={text} size="small" role="alertdialog" hideClose>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button variant="secondary" disabled={busy} autoFocus>
              {cancelLabel}
            </Button>
          </Dialog.Close>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}
