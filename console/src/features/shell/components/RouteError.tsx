import { Alert, Button, Stack } from '@tranche/ui-kit';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { describeError } from '../../../lib/api.ts';

/** What a page that failed to render shows: a clear message and a way on, never a blank page. */
export function RouteError({ error }: { error: unknown }) {
  const { message } = describeError(error);
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

type BoundaryProps = { children: ReactNode; location: string };
type BoundaryState = { error: unknown; failed: boolean; location: string };

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  /** Another page was opened: try rendering again. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location
      ? null
      : { error: undefined, failed: false, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** The error boundary of the routes: a page (or the frame) that throws shows {@link RouteError} until another page is opened. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return <ErrorBoundary location={`${pathname}${search}`}>{children}</ErrorBoundary>;
}
