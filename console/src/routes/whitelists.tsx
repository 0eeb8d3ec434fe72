import { WhitelistsPage } from '../features/whitelists/index.ts';

export function WhitelistsRoute() {
  return <WhitelistsPage />;
}
