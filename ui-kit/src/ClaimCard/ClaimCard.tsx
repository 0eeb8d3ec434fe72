import { formatAmount } from '@tranche/contracts/units';
import { Alert } from '../Alert/Alert.tsx';
import { Badge, type BadgeTone } from '../Badge/Badge.tsx';
import { Button } from '../Button/Button.tsx';
import { Card } from '../Card/Card.tsx';
import { Inline } from '../Inline/Inline.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Text } from '../Text/Text.tsx';
import { formatClock, formatDate } from '../TimeAgo/timeAgoText.ts';

export const claimCardStates = ['open', 'claiming', 'claimed', 'expired', 'error'] as const;
export type ClaimCardState = (typeof claimCardStates)[number];

export type ClaimCardProps = {
  /** The token whose holders are paid, e.g. ACME30. */
  symbol: string;
  /** Distribution number. */
  distributionId: number;
  /** Base units, decimal string. */
  amount: string;
  assetSymbol: string;
  assetDecimals: number;
  /** ISO time after which the payment can no longer be claimed. */
  deadline: string;
  state: ClaimCardState;
  /** Why the claim failed (state 'error'), in people's words. */
  errorMessage?: string;
  onClaim?: () => void;
};

export const claimCardTexts = {
  title: (symbol: string, id: number) => `${symbol} distribution #${id}`,
  amount: 'You are owed',
  /** Once claimed, the amount is no longer owed (issue 34: 'You are owed' after a claim). */
  paid: 'Paid to you',
  deadline: 'Claim before',
  claim: 'Claim',
  claiming: 'Claiming',
  badges: {
    open: 'Open',
    claiming: 'Claiming',
    claimed: 'Claimed',
    expired: 'Deadline passed',
    error: 'Open',
  },
  claimed: 'Paid to your wallet.',
  expired: 'The claim deadline has passed: the issuer may reclaim this payment.',
  errorTitle: 'The claim was refused',
} as const;

const tones: Record<ClaimCardState, BadgeTone> = {
  open: 'primary',
  claiming: 'primary',
  claimed: 'success',
  expired: 'warning',
  error: 'primary',
};

/** One payment a wallet is owed by a distribution, with its Claim action (the wallet signs the claim). */
export function ClaimCard(props: ClaimCardProps) {
  const { state } = props;
  const deadline = new Date(props.deadline);
  const canClaim = state === 'open' || state === 'error' || state === 'claiming';
  return (
    <Card
      title={claimCardTexts.title(props.symbol, props.distributionId)}
      titleLevel={3}
      actions={
        canClaim ? (
          <Button loading={state === 'claiming'} onClick={props.onClaim}>
            {state === 'claiming' ? claimCardTexts.claiming : claimCardTexts.claim}
          </Button>
        ) : null
      }
    >
      <Stack space="small">
        <Inline space="small">
          <Badge tone={tones[state]}>{claimCardTexts.badges[state]}</Badge>
        </Inline>
        <Text>
          {`${state === 'claimed' ? claimCardTexts.paid : claimCardTexts.amount}: `}
          <strong>
            {formatAmount(props.amount, { decimals: props.assetDecimals, symbol: props.assetSymbol })}
          </strong>
        </Text>
        <Text size="small">{`${claimCardTexts.deadline} ${formatDate(deadline)} ${formatClock(deadline)}`}</Text>
        {state === 'claimed' ? <Alert tone="success">{claimCardTexts.claimed}</Alert> : null}
        {state === 'expired' ? <Alert tone="warning">{claimCardTexts.expired}</Alert> : null}
        {state === 'error' ? (
          <Alert tone="danger" title={claimCardTexts.errorTitle}>
            {props.errorMessage}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
