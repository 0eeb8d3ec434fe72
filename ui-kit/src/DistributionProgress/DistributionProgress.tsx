import { formatAmount } from '@tranche/contracts/units';
import { ProgressBar } from '../ProgressBar/ProgressBar.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Text } from '../Text/Text.tsx';

export type DistributionProgressProps = {
  /** Base units, decimal strings (integers end to end). */
  amount: string;
  claimed: string;
  pushed: string;
  remaining: string;
  remainder: string;
  funded: boolean;
  reclaimed: boolean;
  assetSymbol: string;
  assetDecimals: number;
};

/** Percentage of `part` in `whole` (one decimal), computed on integers. */
function percent(part: string, whole: string): number {
  const total = BigInt(whole);
  if (total === 0n) return 0;
  return Number((BigInt(part) * 1000n) / total) / 10;
}

/**
 * Where a distribution stands: funded, claimed by holders, pushed by the issuer (progress bars over the funded
 * amount), what the Distributor still holds and the rounding remainder returned at reclaim.
 */
export function DistributionProgress(props: DistributionProgressProps) {
  const show = (value: string) =>
    formatAmount(value, { decimals: props.assetDecimals, symbol: props.assetSymbol });
  return (
    <Stack space="small">
      <ProgressBar
        label={`Funded: ${props.funded ? show(props.amount) : 'not yet'}`}
        value={props.funded ? 100 : 0}
      />
      <ProgressBar label={`Claimed: ${show(props.claimed)}`} value={percent(props.claimed, props.amount)} />
      <ProgressBar label={`Pushed: ${show(props.pushed)}`} value={percent(props.pushed, props.amount)} />
      <Text size="small">
        {props.reclaimed
          ? `Reclaimed by the issuer. Rounding remainder: ${show(props.remainder)}`
          : `Held by the Distributor: ${show(props.funded ? props.remaining : '0')}. Rounding remainder: ${show(props.remainder)}`}
      </Text>
    </Stack>
  );
}
