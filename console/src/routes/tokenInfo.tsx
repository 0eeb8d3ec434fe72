import { TokenInfoPage } from '../features/tokens/index.ts';

export function TokenInfoRoute() {
  return <TokenInfoPage />;
}
