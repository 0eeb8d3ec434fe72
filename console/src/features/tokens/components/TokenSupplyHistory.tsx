import type { TokenHistory, TokenHistoryRange } from '@tranche/api';
import { SupplyAndHoldersChart } from '@tranche/ui-kit';

/** The ranges GET /tokenstats/{code}/history answers, with the picker's words (in this chunk, not the page's). */
const rangeLabels: Record<TokenHistoryRange, string> = { '30d': '30 days', '1y': '1 year', all: 'All' };
const ranges = Object.entries(rangeLabels).map(([value, label]) => ({ value, label }));
const isRange = (value: string): value is TokenHistoryRange => Object.hasOwn(rangeLabels, value);

/**
 * "Supply and holders over time" from GET /tokenstats/{code}/history, in the dashboard's chunk. The dashboard loads
 * the history beside the token's figures (one paint for both: nothing below moves when the chart arrives) and again
 * when another range is picked, while the chart keeps showing the last one.
 */
export function TokenSupplyHistory({
  history,
  range,
  onRangeChange,
  format,
}: {
  history: TokenHistory;
  range: TokenHistoryRange;
  onRangeChange: (range: TokenHistoryRange) => void;
  format: (amount: bigint) => string;
}) {
  return (
    <SupplyAndHoldersChart
      points={history.points.map((p) => ({ day: p.day, supply: BigInt(p.supply), holders: p.holders }))}
      from={history.from}
      to={history.to}
      ranges={ranges}
      range={range}
      onRangeChange={(value) => isRange(value) && onRangeChange(value)}
      formatAmount={format}
      titleLevel={2}
    />
  );
}
