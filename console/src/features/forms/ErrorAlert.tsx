import { Alert } from '@tranche/ui-kit';
import { describeError } from '../../lib/api.ts';

export type ErrorAlertProps = {
  error: unknown;
  /** For network failures: the spec's "Could not ... due to the following error" lead. */
  prefix?: string;
  onDismiss?: () => void;
};

/** The spec's danger alert: 'Validation error' with the server's message, or 'Error' with the failure text. */
export function ErrorAlert({ error, prefix, onDismiss }: ErrorAlertProps) {
  if (error === null || error === undefined) return null;
  const { title, message } = describeError(error, prefix);
  return (
    <Alert tone="danger" title={title} onDismiss={onDismiss}>
      {message}
    </Alert>
  );
}
