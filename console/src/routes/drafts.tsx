import { NewTokenDraftPage, ViewTokenDraftPage } from '../features/drafts/index.ts';

export function NewTokenDraftRoute() {
  return <NewTokenDraftPage />;
}

export function ViewTokenDraftRoute() {
  return <ViewTokenDraftPage />;
}
