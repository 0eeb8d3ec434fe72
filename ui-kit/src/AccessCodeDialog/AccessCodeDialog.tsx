import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '../Alert/Alert.tsx';
import { Button } from '../Button/Button.tsx';
import * as Dialog from '../Dialog/Dialog.tsx';
import { PasswordField } from '../PasswordField/PasswordField.tsx';

export const accessCodeTexts = {
  title: 'Enter your Access Code',
  label: 'Access code',
  required: 'The access code is required',
} as const;

export type AccessCodeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (accessCode: string) => void;
  /** Shows a spinner on Confirm and blocks closing. */
  busy?: boolean;
  /** An error from the server (e.g. a wrong code). */
  error?: string;
  confirmLabel?: string;
  /**
   * Keeps Confirm disabled (e.g. while the operation's pre-check runs or refuses, issue 34), described by the element
   * `confirmDescribedBy` names (the sentence beside it).
   */
  confirmDisabled?: boolean;
  confirmDescribedBy?: string;
  /** Shown above the field: what the code confirms (e.g. the operation's pre-check). */
  children?: ReactNode;
};

/** Asks for the sharded-key access code; the field is required. The code is cleared on close. */
export function AccessCodeDialog({
  open,
  onOpenChange,
  onSubmit,
  busy = false,
  error,
  confirmLabel = 'Confirm',
  confirmDisabled = false,
  confirmDescribedBy,
  children,
}: AccessCodeDialogProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const handleOpenChange = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setCode('');
      setFieldError(null);
    }
    onOpenChange(next);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmDisabled) return;
    if (code.trim() === '') {
      setFieldError(accessCodeTexts.required);
      return;
    }
    setFieldError(null);
    onSubmit(code);
  };
  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Content title={accessCodeTexts.title} size="small">
        <form onSubmit={handleSubmit} noValidate>
          {children}
          <PasswordField
            label={accessCodeTexts.label}
            required
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={fieldError ?? undefined}
          />
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button
              type="submit"
              loading={busy}
              disabled={confirmDisabled}
              aria-describedby={confirmDisabled ? confirmDescribedBy : undefined}
            >
              {confirmLabel}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
