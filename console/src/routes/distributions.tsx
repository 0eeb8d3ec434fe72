import { MyDistributionsPage } from '../features/distributions/index.ts';

export function MyDistributionsRoute() {
  return <MyDistributionsPage />;
}
