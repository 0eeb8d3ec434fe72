import type { TokenHistory, TokenHistoryRange } from '@tranche/api';
import { Skeleton, SupplyAndHoldersChart } from '@tranche/ui-kit';
import { useAtom } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { supplyHistoryRangeAtom } from '../atoms.ts';

/** The ranges GET /tokenstats/{code}/history answers, with the picker's words (in this chunk, not the page's). */
const rangeLabels: Record<TokenHistoryRange, string> = { '30d': '30 days', '1y': '1 year', all: 'All' };
const ranges = Object.entries(rangeLabels).map(([value, label]) => ({ value, label }));
const isRange = (value: string): value is TokenHistoryRange => Object.hasOwn(rangeLabels, value);

/**
 * "Supply and holders over time" from GET /tokenstats/{code}/history, in the dashboard's chunk: the last 30 days
 * first; another range loads while the chart keeps showing the last one. The range chosen stays for the session
 * (supplyHistoryRangeAtom), through the dashboard's new mounts and from token to token.
 */
export function TokenSupplyHistory({
  code,
  format,
  renderError,
}: {
  code: string;
  format: (amount: bigint) => string;
  renderError: (error: unknown) => ReactNode;
}) {
  const [range, setRange] = useAtom(supplyHistoryRangeAtom);
  const [history, setHistory] = useState<TokenHistory | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let current = true;
    setError(null);
    api
      .call('getTokenHistory', { params: { code }, query: { range } })
      .then((answer) => current && setHistory(answer))
      .catch((failure: unknown) => current && setError(failure));
    return () => {
      current = false;
    };
  }, [code, range]);
  if (error) return renderError(error);
  if (!history) return <Skeleton label="Loading the supply and holders over time" shape="details" rows={3} />;
  return (
    <SupplyAndHoldersChart
      points={history.points.map((p) => ({ day: p.day, supply: BigInt(p.supply), holders: p.holders }))}
      from={history.from}
      to={history.to}
      ranges={ranges}
      range={range}
      onRangeChange={(value) => isRange(value) && setRange(value)}
      formatAmount={format}
    />
  );
}
