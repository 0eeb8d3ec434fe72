import type { TokenStats } from '@tranche/api';
import { HolderConcentrationChart, Stack, SupplyByPartitionChart } from '@tranche/ui-kit';
import { Address } from '../../config/index.ts';

/** The dashboard's charts, "Supply by partition" and "Holder concentration", from GET /tokenstats/{code}. */
export function TokenDashboardCharts({
  stats,
  format: formatText,
}: {
  stats: TokenStats;
  format: (amount: string) => string;
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
    </Stack>
  );
}
