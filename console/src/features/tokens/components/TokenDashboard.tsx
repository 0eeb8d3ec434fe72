import type {
  ProjectDetail,
  ScheduledAction,
  ScheduledActionKind,
  TokenHistory,
  TokenStats,
} from '@tranche/api';
import { Skeleton, Stack, StatTiles } from '@tranche/ui-kit';
import { useAtom } from 'jotai';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { supplyHistoryRangeAtom } from '../atoms.ts';
import { TokenDashboardCharts } from './TokenDashboardCharts.tsx';

type Load<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; value: T };

const settle = <T,>(result: PromiseSettledResult<T>): Load<T> =>
  result.status === 'fulfilled'
    ? { status: 'ready', value: result.value }
    : { status: 'error', error: result.reason };

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
 * The top of TokenInfo, loaded in its own chunk after the page's first paint (TokenInfoPage): the token's key figures
 * as tiles (total supply, holders, investors, partitions, status, next scheduled action) and the charts of
 * GET /tokenstats/{code} and /tokenstats/{code}/history, both asked for at once and shown in one paint (then
 * `onSettled`, which the page waits for before showing what lies below, so that nothing there moves). `version`
 * changes with the token's supply and indexed block: the figures load again after each transaction, the last ones
 * staying in place until the new ones arrive.
 */
export default function TokenDashboard({
  token,
  version,
  format,
  renderError,
  onSettled,
}: {
  token: ProjectDetail;
  version: string;
  /** Formats an amount of the token with its symbol (the page's formatter, so that this chunk carries none). */
  format: (amount: string) => string;
  /** The page's error alert for a failed load (so that this chunk shares no form code with the page). */
  renderError: (error: unknown) => ReactNode;
  /** Called once both loads have answered (or failed), each time they are asked again. */
  onSettled?: () => void;
}) {
  const [load, setLoad] = useState<Load<TokenStats>>({ status: 'loading' });
  const [history, setHistory] = useState<Load<TokenHistory>>({ status: 'loading' });
  const [range, setRange] = useAtom(supplyHistoryRangeAtom);
  /** The range of the history shown (a new range loads while the last one stays on screen). */
  const [historyRange, setHistoryRange] = useState(range);
  const code = token.projectCode;
  const rangeNow = useRef(range);
  rangeNow.current = range;
  const settled = useRef(onSettled);
  settled.current = onSettled;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reason to ask again
  useEffect(() => {
    let current = true;
    const asked = rangeNow.current;
    void Promise.allSettled([
      api.call('getTokenStats', { params: { code } }),
      api.call('getTokenHistory', { params: { code }, query: { range: asked } }),
    ]).then(([stats, points]) => {
      if (!current) return;
      setLoad(settle(stats));
      setHistory(settle(points));
      setHistoryRange(asked);
      settled.current?.();
    });
    return () => {
      current = false;
    };
  }, [code, version]);
  useEffect(() => {
    if (range === historyRange || history.status === 'loading') return;
    let current = true;
    void Promise.allSettled([api.call('getTokenHistory', { params: { code }, query: { range } })]).then(
      ([points]) => {
        if (!current) return;
        setHistory(settle(points));
        setHistoryRange(range);
      },
    );
    return () => {
      current = false;
    };
  }, [code, range, historyRange, history.status]);
  const stats = load.status === 'ready' ? load.value : undefined;
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
      ) : stats && history.status !== 'loading' ? (
        <TokenDashboardCharts
          stats={stats}
          history={
            history.status === 'ready'
              ? { status: 'ready', history: history.value }
              : { status: 'error', error: renderError(history.error) }
          }
          range={range}
          onRangeChange={setRange}
          format={format}
        />
      ) : (
        <Skeleton label="Loading the token's figures" shape="details" rows={4} />
      )}
    </Stack>
  );
}
