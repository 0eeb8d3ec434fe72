export { ApprovalsPage } from './components/ApprovalsPage.tsx';
export { NotificationPreferencesPage } from './components/NotificationPreferencesPage.tsx';
