import { countOf, type Distribution, distributionMessages as m, formatAmount, txTypes } from '@tranche/api';
import {
  Button,
  Card,
  ConfirmDialog,
  DistributionProgress,
  formatClock,
  formatDate,
  Inline,
  ProgressBar,
  Stack,
  Text,
} from '@tranche/ui-kit';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { ErrorAlert } from '../../forms/index.ts';
import type { WalletCall } from '../hooks/useWalletTransactions.ts';
import { Address } from '../../config/index.ts';

export type DistributionActions = {
  /** Sends the server-built calls from the wallet (fund, reclaim). */
  sendFromWallet: (calls: () => Promise<WalletCall[]>) => void;
  reload: () => void;
};

/** The wallet calls that fund a distribution: approve the payment token, then fund (POST .../fund/tx). */
export async function fundCalls(distribution: Distribution): Promise<WalletCall[]> {
  const { approveTx, fundTx } = await api.call('distributionFundTx', { params: { id: distribution.id } });
  const asset = { symbol: distribution.assetSymbol, decimals: distribution.assetDecimals };
  return [
    {
      ...approveTx,
      label: `Approve ${distribution.assetSymbol} for the Distributor`,
      asset,
      txType: txTypes.paymentApproval,
    },
    { ...fundTx, label: 'Fund the distribution', asset, txType: txTypes.distributionFunding },
  ];
}

function pushProgress(job: NonNullable<Distribution['pushJob']>): { value: number; label: string } | null {
  const progress = job.progress as { pushedHolders?: number; total?: number };
  if (!progress.total) return null;
  const pushed = progress.pushedHolders ?? 0;
  return {
    value: (pushed * 100) / progress.total,
    label: `Push ${job.state}: ${pushed} of ${progress.total} holders paid by the push`,
  };
}

/** One distribution: its terms, progress bars (funded, claimed, pushed) and the issuer's actions. */
export function DistributionCard({
  distribution: d,
  actions,
}: {
  distribution: Distribution;
  actions: DistributionActions;
}) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState<'no' | 'asking' | 'busy'>('no');
  const deadline = new Date(d.deadline);
  const pushing = d.pushJob !== null && (d.pushJob.state === 'queued' || d.pushJob.state === 'running');
  const push = d.pushJob ? pushProgress(d.pushJob) : null;
  // Buttons that cannot act now are disabled, with the reason beside them: Reclaim before the claim deadline, Push
  // once every holder is paid (a second push would repeat a finished job).
  const beforeDeadline = !d.deadlinePassed;
  const allPaid = d.funded && BigInt(d.remaining) === 0n;
  const show = (units: string) => formatAmount(units, { decimals: d.assetDecimals, symbol: d.assetSymbol });

  const handlePush = async () => {
    setError(null);
    setBusy(true);
    try {
      await api.call('pushDistribution', { params: { id: d.id }, body: { txMode: 2 } });
      actions.reload();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  // Nobody funded it: its creator may cancel it (the funding failed, or its terms were wrong).
  const handleCancel = async () => {
    setError(null);
    setCancelling('busy');
    try {
      await api.call('cancelDistribution', { params: { id: d.id } });
      setCancelling('no');
      actions.reload();
    } catch (failure) {
      setCancelling('no');
      setError(failure);
    }
  };
  const reclaimCalls = async (): Promise<WalletCall[]> => {
    const { txData } = await api.call('reclaimDistribution', { params: { id: d.id }, body: { txMode: 1 } });
    return txData
      ? [{ ...txData, label: 'Reclaim what is unpaid', txType: txTypes.distributionReclaim }]
      : [];
  };

  return (
    <Card
      title={`Distribution #${d.id}`}
      titleLevel={3}
      actions={
        <Inline space="small">
          {!d.funded && !d.underfunded ? (
            <Button onClick={() => actions.sendFromWallet(() => fundCalls(d))}>Fund</Button>
          ) : null}
          {!d.funded && !d.underfunded && !d.reclaimed ? (
            <Button variant="danger" onClick={() => setCancelling('asking')}>
              Cancel distribution
            </Button>
          ) : null}
          {d.funded && !d.reclaimed ? (
            <Button variant="secondary" loading={busy || pushing} disabled={allPaid} onClick={handlePush}>
              Push payments
            </Button>
          ) : null}
          {(d.funded || d.underfunded) && !d.reclaimed ? (
            <Button
              variant="secondary"
              disabled={beforeDeadline}
              onClick={() => actions.sendFromWallet(reclaimCalls)}
            >
              Reclaim
            </Button>
          ) : null}
        </Inline>
      }
    >
      <Stack space="small">
        <Text size="small">
          {`Register #${d.snapshotId} · ${countOf(d.holders, 'holder')} · claim deadline ${formatDate(deadline)} ${formatClock(deadline)}`}
        </Text>
        <Text size="small">
          {'Issuer '}
          <Address address={d.issuer} />
          {' · paid in '}
          <Address address={d.asset} name={d.assetSymbol} />
          {` · created by ${d.creator}`}
        </Text>
        <Text size="small">
          {d.excluded.length === 0 ? 'Excluded: none' : `Excluded (${d.excluded.length}): `}
          {d.excluded.map((address, i) => (
            <span key={address}>
              {i > 0 ? ', ' : null}
              <Address address={address} />
            </span>
          ))}
        </Text>
        {d.underfunded ? (
          <Text tone="danger">
            {m.underfundedNote(show(d.shortfall))}
            {d.escrowAddress ? (
              <>
                {' Escrow '}
                <Address address={d.escrowAddress} />
              </>
            ) : null}
          </Text>
        ) : null}
        <DistributionProgress
          amount={d.amount}
          claimed={d.claimed}
          pushed={d.pushed}
          remaining={d.remaining}
          remainder={d.remainder}
          funded={d.funded}
          shortfall={d.shortfall}
          reclaimed={d.reclaimed}
          assetSymbol={d.assetSymbol}
          assetDecimals={d.assetDecimals}
        />
        {(d.funded || d.underfunded) && !d.reclaimed && beforeDeadline ? (
          <Text size="small" tone="muted">
            {m.reclaimOpensAt(`${formatDate(deadline)} ${formatClock(deadline)}`)}
          </Text>
        ) : null}
        {allPaid && !d.reclaimed ? (
          <Text size="small" tone="muted">
            {m.allPaid}
          </Text>
        ) : null}
        {push ? <ProgressBar value={push.value} label={push.label} /> : null}
        {d.pushJob?.state === 'failed' ? (
          <Text tone="danger">{m.pushFailed(d.pushJob.error ?? m.pushNoReason)}</Text>
        ) : null}
        <ErrorAlert error={error} onDismiss={() => setError(null)} />
        <ConfirmDialog
          open={cancelling !== 'no'}
          onOpenChange={(open) => {
            if (!open && cancelling !== 'busy') setCancelling('no');
          }}
          title="Cancel the distribution"
          text={m.cancelConfirm(d.id)}
          confirmLabel="Yes, cancel it"
          cancelLabel="Keep it"
          tone="danger"
          busy={cancelling === 'busy'}
          onConfirm={() => void handleCancel()}
        />
      </Stack>
    </Card>
  );
}
