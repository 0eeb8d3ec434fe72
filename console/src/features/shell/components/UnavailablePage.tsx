import { Alert, Card } from '@tranche/ui-kit';

/** A screen of the spec that this build does not offer yet: says so plainly instead of pretending. */
export function UnavailablePage({ title }: { title: string }) {
  return (
    <Card title={title} titleLevel={1}>
      <Alert tone="primary" title="Not available yet">
        This screen is not available in this version of Tranche yet.
      </Alert>
    </Card>
  );
}
