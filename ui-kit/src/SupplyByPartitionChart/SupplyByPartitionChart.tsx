import type { HeadingLevel } from '../Heading/Heading.tsx';
import { ShareBar } from '../private/ShareBar.tsx';
import { sharesOf } from '../private/shares.ts';

export type SupplyByPartitionChartProps = {
  /** Each partition's supply (integer token units). */
  partitions: { name: string; supply: bigint }[];
  /** Formats an amount, e.g. with the token's symbol; thousands separators by default. */
  formatAmount?: (amount: bigint) => string;
  /** The title's heading level: 3 (under a card's title) by default, 2 where the chart is a section of the page. */
  titleLevel?: HeadingLevel;
};

export const supplyByPartitionTexts = {
  title: 'Supply by partition',
  empty: 'No tokens issued yet: every partition has a supply of 0.',
} as const;

/** "Supply by partition": each partition's share of the total supply, as a bar of shares and a table. */
export function SupplyByPartitionChart({
  partitions,
  formatAmount,
  titleLevel,
}: SupplyByPartitionChartProps) {
  const shares = sharesOf(partitions.map((p) => ({ label: p.name, amount: p.supply })));
  return (
    <ShareBar
      title={supplyByPartitionTexts.title}
      shares={shares}
      labelHeader="Partition"
      amountHeader="Supply"
      emptyText={supplyByPartitionTexts.empty}
      formatAmount={formatAmount}
      titleLevel={titleLevel}
    />
  );
}
