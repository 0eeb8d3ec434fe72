import { ApprovalsPage } from '../features/approvals/index.ts';

export function ApprovalsRoute() {
  return <ApprovalsPage />;
}
