import type { TokenHistory, TokenHistoryRange, TokenStats } from '@tranche/api';
import { HolderConcentrationChart, Stack, SupplyByPartitionChart } from '@tranche/ui-kit';
import type { ReactNode } from 'react';
import { Address } from '../../config/index.ts';
import { TokenSupplyHistory } from './TokenSupplyHistory.tsx';

/**
 * The dashboard's charts: "Supply by partition" and "Holder concentration" from GET /tokenstats/{code}, and
 * "Supply and holders over time" from GET /tokenstats/{code}/history (or the error of its load, in its place).
 */
export function TokenDashboardCharts({
  stats,
  history,
  range,
  onRangeChange,
  format: formatText,
}: {
  stats: TokenStats;
  history: { status: 'ready'; history: TokenHistory } | { status: 'error'; error: ReactNode };
  range: TokenHistoryRange;
  onRangeChange: (range: TokenHistoryRange) => void;
  format: (amount: string) => string;
}) {
  const format = (amount: bigint) => formatText(amount.toString());
  return (
    <Stack space="large">
      <SupplyByPartitionChart
        partitions={stats.partitions.map((p) => ({ name: p.name, supply: BigInt(p.supply) }))}
        formatAmount={format}
        titleLevel={2}
      />
      <HolderConcentrationChart
        holders={stats.topHolders.map((h) => ({
          label: h.legalName ?? h.holderAddress,
          balance: BigInt(h.balance),
          detail: <Address address={h.holderAddress} name={h.legalName ?? undefined} />,
        }))}
        rest={BigInt(stats.restBalance)}
        formatAmount={format}
        titleLevel={2}
      />
      {history.status === 'ready' ? (
        <TokenSupplyHistory
          history={history.history}
          range={range}
          onRangeChange={onRangeChange}
          format={format}
        />
      ) : (
        history.error
      )}
    </Stack>
  );
}
