export { ApprovalsPage } from './components/ApprovalsPage.tsx';
