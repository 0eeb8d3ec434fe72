import { Alert, Button, Stack } from '@tranche/ui-kit';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The error boundary of every route: a clear message and a way on, never a blank page. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Stack space="medium">
      <Alert tone="danger" title="Error">
        This page could not be shown: {message}
      </Alert>
      <div>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    </Stack>
  );
}
