import { loadErrorMessages, type OpenClaim, txTypes, walletMessages } from '@tranche/api';
import {
  Alert,
  ClaimCard,
  type ClaimCardState,
  EmptyState,
  Heading,
  Spinner,
  Stack,
  Text,
} from '@tranche/ui-kit';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { useChainClock } from '../../config/index.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { isWalletConnected, useWallet } from '../../wallet/index.ts';
import { useWalletTransactions } from '../hooks/useWalletTransactions.ts';

type ClaimState = { state: ClaimCardState; errorMessage?: string };
const keyOf = (claim: OpenClaim) => `${claim.id}:${claim.index}`;

/** My distributions: what the connected wallet is owed (GET /claims/{address}), each claimed with its proof. */
export function MyDistributionsPage() {
  const wallet = useWallet();
  const address = isWalletConnected(wallet) ? wallet.address.toLowerCase() : null;
  return (
    <Stack space="large">
      <Heading level={1}>My distributions</Heading>
      {address ? (
        <Claims address={address} />
      ) : (
        <Alert tone="primary" title={walletMessages.notConnectedToNetwork}>
          Connect a wallet to see the dividends and coupons it is owed.
        </Alert>
      )}
    </Stack>
  );
}

function Claims({ address }: { address: string }) {
  const claims = useLoad(() => api.call('listClaims', { params: { address } }), [address]);
  const tx = useWalletTransactions();
  const [states, setStates] = useState<Record<string, ClaimState>>({});
  // By the chain's clock, as the Distributor's claim checks the deadline.
  const clock = useChainClock();

  const handleClaim = async (claim: OpenClaim) => {
    const key = keyOf(claim);
    setStates((all) => ({ ...all, [key]: { state: 'claiming' } }));
    const asset = { symbol: claim.assetSymbol, decimals: claim.assetDecimals };
    const result = await tx.run(async () => [
      {
        ...claim.claimTx,
        label: `Claim distribution #${claim.id}`,
        asset,
        txType: txTypes.distributionClaim,
      },
    ]);
    setStates((all) => ({
      ...all,
      [key]: result.ok ? { state: 'claimed' } : { state: 'error', errorMessage: result.errorMessage },
    }));
  };

  if (claims.state.status === 'loading') return <Spinner label="Loading what this wallet is owed" />;
  if (claims.state.status === 'error') {
    return <ErrorAlert error={claims.state.error} prefix={loadErrorMessages.couldNot('load the claims')} />;
  }
  if (claims.state.data.length === 0) {
    return (
      <EmptyState title="Nothing to claim" text="This wallet is owed nothing by an open distribution." />
    );
  }
  return (
    <Stack>
      <Text>{`Payments owed to ${address}, claimable until each deadline:`}</Text>
      {claims.state.data.map((claim) => {
        const own = states[keyOf(claim)];
        const expired = Date.parse(claim.deadline) <= clock.now();
        const state: ClaimState = own ?? { state: expired ? 'expired' : 'open' };
        return (
          <ClaimCard
            key={keyOf(claim)}
            symbol={claim.symbol}
            distributionId={claim.id}
            amount={claim.amount}
            assetSymbol={claim.assetSymbol}
            assetDecimals={claim.assetDecimals}
            deadline={claim.deadline}
            state={state.state}
            errorMessage={state.errorMessage}
            onClaim={() => void handleClaim(claim)}
          />
        );
      })}
    </Stack>
  );
}
