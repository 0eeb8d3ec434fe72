import { ReportsPage } from '../features/reports/index.ts';

export function ReportsRoute() {
  return <ReportsPage />;
}
