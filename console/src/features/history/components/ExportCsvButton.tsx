import type { AccountTransaction } from '@tranche/api';
import { Button, Stack } from '@tranche/ui-kit';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { downloadText } from '../../../lib/download.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { transactionsCsv } from '../csv.ts';
import type { HistoryFilter } from '../pageQuery.ts';

/** Beyond the spec: every transaction of the account that the filters keep (all pages) as a CSV download. */
export async function fetchAllTransactions(filter: HistoryFilter): Promise<AccountTransaction[]> {
  const first = await api.call('listAccountTransactions', { params: { page: 1 }, query: filter });
  const rows = [...first.pageData];
  for (let page = 2; page <= first.totalPages; page++) {
    const next = await api.call('listAccountTransactions', { params: { page }, query: filter });
    rows.push(...next.pageData);
  }
  return rows;
}

export function ExportCsvButton({ filter }: { filter: HistoryFilter }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const handleExport = async () => {
    setBusy(true);
    setError(null);
    try {
      const rows = await fetchAllTransactions(filter);
      downloadText(`my-transactions-${new Date().toISOString().slice(0, 10)}.csv`, transactionsCsv(rows));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack space="small" align="flex-end">
      <Button variant="secondary" size="small" loading={busy} onClick={handleExport}>
        Export CSV
      </Button>
      <ErrorAlert
        error={error}
        prefix="Could not export the transactions due to the following error"
        onDismiss={() => setError(null)}
      />
    </Stack>
  );
}
