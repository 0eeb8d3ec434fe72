import type { TokenStats } from '@tranche/api';
import { HolderConcentrationChart, Stack, SupplyByPartitionChart } from '@tranche/ui-kit';
import type { ReactNode } from 'react';
import { Address } from '../../config/index.ts';
import { TokenSupplyHistory } from './TokenSupplyHistory.tsx';

/**
 * The dashboard's charts: "Supply by partition" and "Holder concentration" from GET /tokenstats/{code}, and
 * "Supply and holders over time" from GET /tokenstats/{code}/history.
 */
export function TokenDashboardCharts({
  code,
  stats,
  format: formatText,
  renderError,
}: {
  code: string;
  stats: TokenStats;
  format: (amount: string) => string;
  renderError: (error: unknown) => ReactNode;
}) {
  const format = (amount: bigint) => formatText(amount.toString());
  return (
    <Stack space="large">
      <SupplyByPartitionChart
        partitions={stats.partitions.map((p) => ({ name: p.name, supply: BigInt(p.supply) }))}
        formatAmount={format}
      />
      <HolderConcentrationChart
        holders={stats.topHolders.map((h) => ({
          label: h.legalName ?? h.holderAddress,
          balance: BigInt(h.balance),
          detail: <Address address={h.holderAddress} name={h.legalName ?? undefined} />,
        }))}
        rest={BigInt(stats.restBalance)}
        formatAmount={format}
      />
      <TokenSupplyHistory code={code} format={format} renderError={renderError} />
    </Stack>
  );
}
