import { BalanceReportPage } from '../features/balanceReport/index.ts';

export function AddrBalanceRoute() {
  return <BalanceReportPage />;
}
