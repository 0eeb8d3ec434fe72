export { ReportsPage } from './components/ReportsPage.tsx';
