export { AuditPage } from './components/AuditPage.tsx';
