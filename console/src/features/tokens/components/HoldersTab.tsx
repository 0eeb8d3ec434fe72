import { type Holder, type HoldersResponse, loadErrorMessages, tokenScreenTexts } from '@tranche/api';
import {
  AddressText,
  Alert,
  Button,
  createColumnHelper,
  Inline,
  PagedTable,
  Select,
  Spinner,
  Stack,
} from '@tranche/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../app/api.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { holdersCsv } from './shared.tsx';
import type { TokenOps } from './types.ts';

const column = createColumnHelper<Holder>();
const columns = [
  column.accessor('holderAddress', {
    header: 'holderAddress',
    cell: (info) => <AddressText address={info.getValue()} shorten={false} />,
  }),
  column.accessor('legalName', { header: 'legalName', cell: (info) => info.getValue() ?? '' }),
  column.accessor('balance', {
    header: 'balance',
    sortingFn: (a, b) => {
      const x = BigInt(a.original.balance);
      const y = BigInt(b.original.balance);
      return x < y ? -1 : x > y ? 1 : 0;
    },
  }),
];

const pageSize = 50;

/** Token Holders: partition selector, Refresh, the holders of the partition (paged), CSV export. */
export function HoldersTab({ ops }: { ops: TokenOps }) {
  const { token } = ops;
  const [partition, setPartition] = useState(token.partitions[0]?.name ?? '');
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<
    | { status: 'idle' | 'loading' }
    | { status: 'error'; error: unknown }
    | { status: 'ready'; data: HoldersResponse }
  >({ status: 'idle' });
  const [exportError, setExportError] = useState<unknown>(null);

  const refresh = useCallback(async () => {
    if (!partition) return;
    setLoad({ status: 'loading' });
    try {
      const data = await api.call('listHolders', {
        params: { code: token.projectCode, partition },
        query: { page, pageSize },
      });
      setLoad({ status: 'ready', data });
    } catch (error) {
      setLoad({ status: 'error', error });
    }
  }, [partition, page, token.projectCode]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const handleExport = async () => {
    setExportError(null);
    try {
      const rows: Holder[] = [];
      for (let p = 1; ; p++) {
        const data = await api.call('listHolders', {
          params: { code: token.projectCode, partition },
          query: { page: p, pageSize: 1000 },
        });
        rows.push(...data.pagedResults);
        if (p >= data.totalPages) break;
      }
      const url = URL.createObjectURL(new Blob([holdersCsv(rows)], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${token.projectCode}-${partition}-holders.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setExportError(error);
    }
  };

  const data = load.status === 'ready' ? load.data : undefined;
  return (
    <Stack>
      <Inline space="small" align="flex-end">
        <Select
          label="Partition"
          placeholder="Select a partition"
          options={token.partitions.map((p) => ({ value: p.name, label: p.name }))}
          value={partition}
          onChange={(value) => {
            setPartition(value);
            setPage(1);
          }}
        />
        <Button variant="secondary" onClick={() => void refresh()} disabled={!partition}>
          Refresh
        </Button>
        <Button
          variant="secondary"
          onClick={() => void handleExport()}
          disabled={!data || data.totalRows === 0}
        >
          Export CSV
        </Button>
      </Inline>
      <ErrorAlert error={exportError} prefix={loadErrorMessages.couldNot('export the holders')} />
      {!partition ? <Alert tone="primary">{tokenScreenTexts.selectPartition}</Alert> : null}
      {load.status === 'loading' ? <Spinner label="Loading the token holders" /> : null}
      {load.status === 'error' ? (
        <ErrorAlert error={load.error} prefix={loadErrorMessages.couldNot('load the holders')} />
      ) : null}
      {data ? (
        <>
          <PagedTable
            caption={`Holders of ${partition} (${data.totalRows})`}
            columns={columns}
            data={data.pagedResults}
            getRowId={(row) => row.holderAddress}
            emptyTitle={tokenScreenTexts.noHolders}
            initialSorting={[{ id: 'balance', desc: true }]}
          />
          {data.totalPages > 1 ? (
            <Inline space="small">
              <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous page
              </Button>
              <span>
                Page {page} of {data.totalPages}
              </span>
              <Button
                variant="secondary"
                size="small"
                disabled={page >= data.totalPages}
                onClick={() => setPage(page + 1)}
              >
                Next page
              </Button>
            </Inline>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
