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
  /** Base units the funding lacks (funded on-chain with less than `amount`); '0' or absent when none. */
  shortfall?: string;
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
  const short = BigInt(props.shortfall ?? '0');
  const held = (BigInt(props.amount) - short).toString();
  return (
    <Stack space="small">
      <ProgressBar
        label={
          short > 0n
            ? `Funded: ${show(held)} of ${show(props.amount)} (underfunded)`
            : `Funded: ${props.funded ? show(props.amount) : 'not yet'}`
        }
        value={short > 0n ? percent(held, props.amount) : props.funded ? 100 : 0}
      />
      <ProgressBar label={`Claimed: ${show(props.claimed)}`} value={percent(props.claimed, props.amount)} />
      <ProgressBar label={`Pushed: ${show(props.pushed)}`} value={percent(props.pushed, props.amount)} />
      <Text size="small">
        {props.reclaimed
          ? `Reclaimed by the issuer. Rounding remainder: ${show(props.remainder)}`
          : `Held by the Distributor: ${show(props.funded || short > 0n ? props.remaining : '0')}. Rounding remainder: ${show(props.remainder)}`}
      </Text>
    </Stack>
  );
}
