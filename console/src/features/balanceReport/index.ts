export { BalanceReportPage } from './components/BalanceReportPage.tsx';
