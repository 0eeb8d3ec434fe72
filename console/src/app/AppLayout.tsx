import { Layout } from '../features/shell/index.ts';

/** The shell with the app-wide pieces plugged in (wallet strip, pending transactions, notifications). */
export function AppLayout() {
  return <Layout />;
}
