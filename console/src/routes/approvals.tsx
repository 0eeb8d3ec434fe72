import { ApprovalsPage, NotificationPreferencesPage } from '../features/approvals/index.ts';

export function ApprovalsRoute() {
  return <ApprovalsPage />;
}

export function NotificationPreferencesRoute() {
  return <NotificationPreferencesPage />;
}
