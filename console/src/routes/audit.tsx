import { AuditPage } from '../features/audit/index.ts';

export function AuditRoute() {
  return <AuditPage />;
}
