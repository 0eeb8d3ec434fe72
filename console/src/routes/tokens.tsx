import { TokenInfoPage, TokensPage } from '../features/tokens/index.ts';

export function TokensRoute() {
  return <TokensPage />;
}

export function TokenInfoRoute() {
  return <TokenInfoPage />;
}
