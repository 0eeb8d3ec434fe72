import { Button, Stack, Text } from '@tranche/ui-kit';
import type { ReactNode } from 'react';
import { ErrorAlert } from './ErrorAlert.tsx';

export type StepFormProps = {
  /** The form's accessible name. */
  label: string;
  /** A lead text above the fields. */
  intro?: string;
  error: unknown;
  onDismissError: () => void;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  submitLabel: string;
  submitting: boolean;
  /** The fields. */
  children: ReactNode;
  /** Below the submit button (e.g. a link back to login). */
  footer?: ReactNode;
};

/** One step of an account page (sign up, forgot and reset password): lead, error alert, fields, submit. */
export function StepForm({
  label,
  intro,
  error,
  onDismissError,
  onSubmit,
  submitLabel,
  submitting,
  children,
  footer,
}: StepFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack space="medium">
        {intro ? <Text>{intro}</Text> : null}
        <ErrorAlert error={error} onDismiss={onDismissError} />
        {children}
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
