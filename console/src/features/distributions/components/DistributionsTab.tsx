import { type Distribution, loadErrorMessages } from '@tranche/api';
import { Button, EmptyState, Inline, Spinner, Stack } from '@tranche/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { type WalletCall, useWalletTransactions } from '../hooks/useWalletTransactions.ts';
import { DistributionCard, fundCalls } from './DistributionCard.tsx';
import { NewDistributionWizard } from './NewDistributionWizard.tsx';
import { WalletTxPanel } from './WalletTxPanel.tsx';

const pollMs = 1500;

/**
 * Distributions tab of TokenInfo: the token's distributions with funded, claimed and pushed amounts as progress
 * bars and the issuer's actions (fund, push as a durable server job, reclaim), and the new distribution wizard.
 */
export function DistributionsTab({ symbol, partitions }: { symbol: string; partitions: readonly string[] }) {
  const [creating, setCreating] = useState(false);
  const [loaded, setLoaded] = useState<Distribution[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const tx = useWalletTransactions();
  // Reloads keep the list on screen (no spinner between two polls).
  const reload = useCallback(() => {
    api.call('listDistributions', { params: { symbol } }).then(
      (data) => {
        setLoaded(data);
        setLoadError(null);
      },
      (error: unknown) => setLoadError(error),
    );
  }, [symbol]);
  useEffect(reload, [reload]);
  const items = loaded ?? [];
  const pushing = items.some((d) => d.pushJob?.state === 'queued' || d.pushJob?.state === 'running');

  // While a push job runs, its progress is read again every moment.
  useEffect(() => {
    if (!pushing) return;
    const timer = setInterval(reload, pollMs);
    return () => clearInterval(timer);
  }, [pushing, reload]);

  const sendFromWallet = (calls: () => Promise<WalletCall[]>) => {
    void tx.run(() => calls());
  };

  if (tx.view) {
    return (
      <WalletTxPanel
        view={tx.view}
        onDone={() => {
          tx.setView(null);
          reload();
        }}
      />
    );
  }
  if (creating) {
    return (
      <NewDistributionWizard
        symbol={symbol}
        partitions={partitions}
        onCancel={() => {
          setCreating(false);
          reload();
        }}
        onFund={(distribution) => {
          setCreating(false);
          sendFromWallet(() => fundCalls(distribution));
        }}
      />
    );
  }
  return (
    <Stack>
      <Inline>
        <Button onClick={() => setCreating(true)}>New distribution</Button>
      </Inline>
      {loaded === null && loadError === null ? <Spinner label="Loading the distributions" /> : null}
      <ErrorAlert error={loadError} prefix={loadErrorMessages.couldNot('load the distributions')} />
      {loaded !== null && items.length === 0 ? (
        <EmptyState
          title="No distributions yet"
          text="Pay a dividend or a coupon to the holders at a record date: start a new distribution."
        />
      ) : null}
      {items.map((distribution) => (
        <DistributionCard
          key={distribution.id}
          distribution={distribution}
          actions={{ sendFromWallet, reload }}
        />
      ))}
    </Stack>
  );
}
