import { Stack } from '@tranche/ui-kit';
import { NewTokenDraftPage, ViewTokenDraftPage } from '../features/drafts/index.ts';
import { GetStartedChecklist } from '../features/onboarding/index.ts';

/** The landing page after login: the 'Get started' checklist (until every step is done) above New Token. */
export function NewTokenDraftRoute() {
  return (
    <Stack space="xlarge">
      <GetStartedChecklist />
      <NewTokenDraftPage />
    </Stack>
  );
}

export function ViewTokenDraftRoute() {
  return <ViewTokenDraftPage />;
}
