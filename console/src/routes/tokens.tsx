import { TokensPage } from '../features/tokens/index.ts';

export function TokensRoute() {
  return <TokensPage />;
}
