import { ApiError, apiErrors, transactionMessages } from '@tranche/api';
import { Alert, Button, Stack, Text } from '@tranche/ui-kit';
import { useNavigate } from 'react-router-dom';
import { describeError } from '../../../lib/api.ts';
import { routeTo } from '../../../lib/paths.ts';
import { ChainLink } from './ChainLink.tsx';

export function BackButton() {
  const navigate = useNavigate();
  return (
    <Button variant="secondary" onClick={() => navigate(routeTo.TransactionHistory())}>
      Back
    </Button>
  );
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 404;
}

/**
 * A failed transaction load (part 2, section 8): a server answer shows 'Validation error' with its message,
 * a network failure 'Error' with 'Could not load the transaction due to the following error:'; both with Back.
 */
export function LoadFailure({ error, colon = true }: { error: unknown; colon?: boolean }) {
  const server = error instanceof ApiError;
  const lead = colon ? transactionMessages.loadFailedColon : transactionMessages.loadFailed;
  return (
    <Stack space="medium">
      <Alert tone="danger" title={server ? apiErrors.validationTitle : apiErrors.errorTitle}>
        {server ? (
          error.message
        ) : (
          <Stack space="small">
            <Text>{lead}</Text>
            <Text>{describeError(error).message}</Text>
          </Stack>
        )}
      </Alert>
      <div>
        <BackButton />
      </div>
    </Stack>
  );
}

/** 'We could not find this transaction' with a pointer to the explorer (regular transactions). */
export function TransactionNotFound({ hash }: { hash?: string }) {
  return (
    <Stack space="medium">
      <Alert tone="warning" title={transactionMessages.notFoundTitle}>
        <Stack space="small">
          <Text>{transactionMessages.notFound}</Text>
          {hash ? (
            <Text>
              You may find it on the{' '}
              <ChainLink kind="tx" value={hash}>
                blockchain explorer
              </ChainLink>
              .
            </Text>
          ) : null}
        </Stack>
      </Alert>
      <div>
        <BackButton />
      </div>
    </Stack>
  );
}
