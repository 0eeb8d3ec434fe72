import { Card, EmptyState, TextLink } from '@tranche/ui-kit';
import { paths } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';

export function NotFoundPage() {
  return (
    <Card title="Page not found" titleLevel={1}>
      <EmptyState
        title="This page does not exist"
        text="The address may be mistyped, or the page has moved."
        action={
          <TextLink href={paths.tokens} renderLink={renderRouterLink}>
            Go to My Tokens
          </TextLink>
        }
      />
    </Card>
  );
}
