import type { AuditEntry, AuditLogQuery } from '@tranche/api';
import {
  Button,
  Card,
  Inline,
  Select,
  Spinner,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
  TextField,
} from '@tranche/ui-kit';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { toCsv } from '../../../lib/csv.ts';
import { downloadText } from '../../../lib/download.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { actionFilterOptions, actionLabel, entryDetails } from './logText.ts';

const pageSize = 25;
type Filters = { actor: string; action: string; from: string; to: string };
const noFilters: Filters = { actor: '', action: '', from: '', to: '' };

/** A date field's day as the start (or end) of that day in UTC, for the API's filters. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  return `${day}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
}

function queryOf(filters: Filters): Omit<AuditLogQuery, 'page' | 'pageSize'> {
  return {
    actor: filters.actor.trim() || undefined,
    action: filters.action || undefined,
    from: dayBound(filters.from, false),
    to: dayBound(filters.to, true),
  };
}

const csvHeader = ['seq', 'time', 'actor', 'action', 'object', 'details', 'requestId', 'hash'];
const csvRow = (e: AuditEntry) => [
  e.seq,
  e.at,
  e.actor,
  e.action,
  e.object,
  entryDetails(e),
  e.requestId,
  e.hash,
];

/** The token's operations log: filters, a page of entries newest first, and the filtered log as CSV. */
export function LogCard({ symbol }: { symbol: string }) {
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { state } = useLoad(
    (signal) =>
      api.call('auditLog', { params: { symbol }, query: { ...queryOf(filters), page, pageSize }, signal }),
    [symbol, filters, page],
  );

  const handleExport = async () => {
    setExporting(true);
    setError(null);
    try {
      const rows: AuditEntry[] = [];
      for (let n = 1; ; n += 1) {
        const answer = await api.call('auditLog', {
          params: { symbol },
          query: { ...queryOf(filters), page: n, pageSize: 1000 },
        });
        rows.push(...answer.pagedResults);
        if (n >= answer.totalPages) break;
      }
      downloadText(`${symbol}-audit-log.csv`, toCsv(csvHeader, rows.map(csvRow)));
    } catch (failure) {
      setError(failure);
    } finally {
      setExporting(false);
    }
  };

  const set = (key: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const data = state.status === 'ready' ? state.data : null;
  return (
    <Card
      title="Operations log"
      actions={
        <Button variant="secondary" size="small" loading={exporting} onClick={() => void handleExport()}>
          Export CSV
        </Button>
      }
    >
      <Stack space="medium">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setPage(1);
            setFilters(draft);
          }}
        >
          <Inline space="small" align="flex-end">
            <TextField label="Actor" value={draft.actor} onChange={(e) => set('actor')(e.target.value)} />
            <Select
              label="Action"
              placeholder="All actions"
              options={actionFilterOptions}
              value={draft.action}
              onChange={set('action')}
            />
            <TextField
              label="From"
              type="date"
              value={draft.from}
              onChange={(e) => set('from')(e.target.value)}
            />
            <TextField label="To" type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
            <Button type="submit" variant="secondary">
              Filter
            </Button>
          </Inline>
        </form>
        <ErrorAlert error={error} onDismiss={() => setError(null)} />
        {state.status === 'loading' ? <Spinner label="Loading the log" /> : null}
        {state.status === 'error' ? <ErrorAlert error={state.error} /> : null}
        {data && data.totalRows === 0 ? <Text tone="muted">No entries match.</Text> : null}
        {data && data.totalRows > 0 ? (
          <Table caption={`Operations log of ${symbol}`} cardsOnPhone>
            <TableHead>
              <TableRow>
                <TableHeaderCell>#</TableHeaderCell>
                <TableHeaderCell>Time</TableHeaderCell>
                <TableHeaderCell>Actor</TableHeaderCell>
                <TableHeaderCell>Action</TableHeaderCell>
                <TableHeaderCell>Details</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.pagedResults.map((entry) => (
                <TableRow key={entry.seq}>
                  <TableCell label="#">{entry.seq}</TableCell>
                  <TableCell label="Time">
                    {new Date(entry.at).toLocaleString('en-GB', { timeZone: 'UTC' })}
                  </TableCell>
                  <TableCell label="Actor">{entry.actor ?? 'the platform'}</TableCell>
                  <TableCell label="Action">{actionLabel(entry.action)}</TableCell>
                  <TableCell label="Details">{entryDetails(entry)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        {data && data.totalPages > 1 ? (
          <Inline space="small" align="center">
            <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Text tone="muted">{`Page ${page} of ${data.totalPages} (${data.totalRows} entries)`}</Text>
            <Button
              variant="secondary"
              size="small"
              disabled={page >= data.totalPages}
              onClick={() => setPage(page + 1)}
            >
              Older
            </Button>
          </Inline>
        ) : null}
      </Stack>
    </Card>
  );
}
