import { formatAmount } from '@tranche/api';

/** Wei for the wallet chip: ETH with at most four decimals, cut (never rounded up), e.g. '9,999.9876 ETH'. */
export function formatEthBalance(wei: bigint): string {
  return formatAmount(wei / 10n ** 14n, { decimals: 4, symbol: 'ETH' });
}
