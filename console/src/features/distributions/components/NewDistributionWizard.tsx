import { countOf, type CreateDistributionResponse, formatAmount, type SnapshotSummary } from '@tranche/api';
import { Button, Card, DistributionHoldersTable, Inline, Stack, Text } from '@tranche/ui-kit';
import { useState } from 'react';
import { RegisterStep, RegisterSummary } from './RegisterStep.tsx';
import { TermsStep } from './TermsStep.tsx';

type Step =
  | { at: 'register' }
  | { at: 'terms'; snapshot: SnapshotSummary }
  | { at: 'review'; snapshot: SnapshotSummary; distribution: CreateDistributionResponse };

const stepNames = { register: 'Register', terms: 'Asset and amount', review: 'Review and fund' } as const;

/**
 * New distribution: 1 the record-date register, 2 the payment token and amount, 3 the review with the
 * per-holder table and the remainder, then funding from the issuer's wallet (the TxWizard, txMode 1).
 */
export function NewDistributionWizard({
  symbol,
  partitions,
  onFund,
  onCancel,
}: {
  symbol: string;
  partitions: readonly string[];
  onFund: (distribution: CreateDistributionResponse) => void;
  onCancel: () => void;
}) {
  const [step, setStep] = useState<Step>({ at: 'register' });
  const number = step.at === 'register' ? 1 : step.at === 'terms' ? 2 : 3;
  return (
    <Card
      title={`New distribution: step ${number} of 3, ${stepNames[step.at]}`}
      actions={
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      <Stack>
        {step.at !== 'register' ? <RegisterSummary snapshot={step.snapshot} /> : null}
        {step.at === 'register' ? (
          <RegisterStep
            symbol={symbol}
            partitions={partitions}
            onChosen={(snapshot) => setStep({ at: 'terms', snapshot })}
          />
        ) : null}
        {step.at === 'terms' ? (
          <TermsStep
            snapshot={step.snapshot}
            onBack={() => setStep({ at: 'register' })}
            onCreated={(distribution) => setStep({ at: 'review', snapshot: step.snapshot, distribution })}
          />
        ) : null}
        {step.at === 'review' ? <Review distribution={step.distribution} onFund={onFund} /> : null}
      </Stack>
    </Card>
  );
}

function Review({
  distribution: d,
  onFund,
}: {
  distribution: CreateDistributionResponse;
  onFund: (distribution: CreateDistributionResponse) => void;
}) {
  const show = (value: string) => formatAmount(value, { decimals: d.assetDecimals, symbol: d.assetSymbol });
  return (
    <Stack>
      <Text>
        {`Distribution #${d.id} pays ${countOf(d.holders, 'holder')} ${show((BigInt(d.amount) - BigInt(d.remainder)).toString())}; the rounding remainder of ${show(d.remainder)} goes back to the issuer at reclaim. Funding takes ${show(d.amount)} from the issuer wallet.`}
      </Text>
      <DistributionHoldersTable
        caption="Payments by holder"
        rows={d.perHolder}
        amount={d.amount}
        remainder={d.remainder}
        assetSymbol={d.assetSymbol}
        assetDecimals={d.assetDecimals}
      />
      <Inline>
        <Button onClick={() => onFund(d)}>Fund with my wallet</Button>
      </Inline>
    </Stack>
  );
}
