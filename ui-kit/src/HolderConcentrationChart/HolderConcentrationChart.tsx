import type { HeadingLevel } from '../Heading/Heading.tsx';
import { ShareBar } from '../private/ShareBar.tsx';
import { type ConcentrationHolder, concentrationOf } from './concentration.ts';

export type { ConcentrationHolder };

export type HolderConcentrationChartProps = {
  /** Holders with their balance over all partitions (any order, any number: the ten largest are named). */
  holders: ConcentrationHolder[];
  /** The balance of holders not in `holders` (e.g. everyone past the server's top ten). */
  rest?: bigint;
  formatAmount?: (amount: bigint) => string;
  /** The title's heading level: 3 (under a card's title) by default, 2 where the chart is a section of the page. */
  titleLevel?: HeadingLevel;
};

export const holderConcentrationTexts = {
  title: 'Holder concentration',
  empty: 'No holders yet: nobody holds this token.',
  rest: 'All other holders',
} as const;

/** "Holder concentration": the ten largest holders' shares of the supply and the rest, as a bar of shares. */
export function HolderConcentrationChart({
  holders,
  rest,
  formatAmount,
  titleLevel,
}: HolderConcentrationChartProps) {
  return (
    <ShareBar
      title={holderConcentrationTexts.title}
      shares={concentrationOf(holders, rest, holderConcentrationTexts.rest)}
      labelHeader="Holder"
      amountHeader="Balance"
      emptyText={holderConcentrationTexts.empty}
      formatAmount={formatAmount}
      titleLevel={titleLevel}
    />
  );
}
