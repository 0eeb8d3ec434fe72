import { PermissionsPage } from '../features/permissions/index.ts';

export function PermissionsRoute() {
  return <PermissionsPage />;
}
