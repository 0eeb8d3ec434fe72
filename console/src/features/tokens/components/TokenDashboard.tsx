import type { ProjectDetail, ScheduledAction, ScheduledActionKind, TokenStats } from '@tranche/api';
import { Skeleton, Stack, StatTiles } from '@tranche/ui-kit';
import { type ReactNode, useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { TokenDashboardCharts } from './TokenDashboardCharts.tsx';

type StatsLoad =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; stats: TokenStats };

const count = (n: number) => n.toLocaleString('en-US');

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
const shortAddress = (text: string) =>
  /^0x[0-9a-fA-F]{40}$/.test(text) ? `${text.slice(0, 6)}…${text.slice(-4)}` : text;

/** The "Next scheduled action" tile's words (in this chunk, not the page's): what happens, then its date. */
const scheduledActionTexts = {
  label: 'Next scheduled action',
  none: 'Nothing scheduled',
  claimDeadline: (subject: string) => `Claim deadline of distribution #${subject}`,
  lockupEnd: (subject: string) => (subject ? `Lock-up of ${subject} ends` : 'Lock-up of the token ends'),
  kycExpiry: (subject: string) => `KYC record of ${subject} expires`,
  approvalExpiry: (subject: string) => `Approval request #${subject} expires`,
} as const satisfies { label: string; none: string } & Record<
  ScheduledActionKind,
  (subject: string) => string
>;

/** The "Next scheduled action" tile: what happens and when (UTC), or "Nothing scheduled". */
function nextActionText(action: ScheduledAction | null): string {
  if (!action) return scheduledActionTexts.none;
  const words = scheduledActionTexts[action.kind](shortAddress(action.subject));
  return `${words} on ${dateFormat.format(new Date(action.at * 1000))}`;
}

/**
 * The top of TokenInfo, loaded in its own chunk after the page's first paint (TokenInfoPage): the token's key figures as tiles (total supply, holders, investors, partitions, status, next scheduled action) and
 * the charts of GET /tokenstats/{code}. Its key changes with the token's supply and indexed block:
 * the figures load again after each transaction.
 */
export default function TokenDashboard({
  token,
  format,
  renderError,
}: {
  token: ProjectDetail;
  /** Formats an amount of the token with its symbol (the page's formatter, so that this chunk carries none). */
  format: (amount: string) => string;
  /** The page's error alert for a failed load (so that this chunk shares no form code with the page). */
  renderError: (error: unknown) => ReactNode;
}) {
  const [load, setLoad] = useState<StatsLoad>({ status: 'loading' });
  const code = token.projectCode;
  useEffect(() => {
    let current = true;
    api
      .call('getTokenStats', { params: { code } })
      .then((stats) => current && setLoad({ status: 'ready', stats }))
      .catch((error: unknown) => current && setLoad({ status: 'error', error }));
    return () => {
      current = false;
    };
  }, [code]);
  const stats = load.status === 'ready' ? load.stats : undefined;
  const pending = load.status === 'loading' ? '…' : '';
  return (
    <Stack space="large">
      <StatTiles
        label="Token figures"
        tiles={[
          {
            label: 'Total supply',
            value: token.totalSupply ? format(token.totalSupply) : '',
          },
          { label: 'Holders', value: stats ? count(stats.holders) : pending },
          {
            label: 'Investors',
            value: stats ? (stats.investors === null ? 'No whitelist' : count(stats.investors)) : pending,
          },
          { label: 'Partitions', value: count(token.partitions.length) },
          { label: 'Status', value: token.isPaused ? 'Paused' : 'Active' },
          {
            label: scheduledActionTexts.label,
            value: stats ? nextActionText(stats.nextAction) : pending,
          },
        ]}
      />
      {load.status === 'error' ? (
        renderError(load.error)
      ) : stats ? (
        <TokenDashboardCharts code={code} stats={stats} format={format} renderError={renderError} />
      ) : (
        <Skeleton label="Loading the token's figures" shape="details" rows={4} />
      )}
    </Stack>
  );
}
