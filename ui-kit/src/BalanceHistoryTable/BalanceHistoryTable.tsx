import { createColumnHelper } from '@tanstack/react-table';
import { PagedTable } from '../PagedTable/PagedTable.tsx';
import { formatClock, formatDate } from '../TimeAgo/timeAgoText.ts';

/** One balance change (GET /balance/history). blockTimestamp is in seconds. */
export type BalanceHistoryRow = {
  balance: string | number;
  partitionName: string;
  blockTimestamp: number;
  blockNumber: number;
  blockDate?: string;
};

export type BalanceHistoryTableProps = {
  rows: readonly BalanceHistoryRow[];
  caption?: string;
  loading?: boolean;
};

const column = createColumnHelper<BalanceHistoryRow>();

function localDate(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${formatDate(date)} ${formatClock(date)}`;
}

const columns = [
  column.accessor('partitionName', { header: 'Partition' }),
  column.accessor((row) => Number(row.balance), {
    id: 'balance',
    header: 'Balance',
    cell: (info) => String(info.row.original.balance),
  }),
  column.accessor('blockNumber', { header: 'Block number' }),
  column.accessor('blockTimestamp', { header: 'Date', cell: (info) => localDate(info.getValue()) }),
];

/** Balance history with sortable partition, balance, block number and local date (newest first). */
export function BalanceHistoryTable({ rows, caption, loading }: BalanceHistoryTableProps) {
  return (
    <PagedTable
      columns={columns}
      data={rows}
      caption={caption}
      loading={loading}
      loadingText="Loading balance history"
      getRowId={(row, index) => `${row.blockNumber}-${row.partitionName}-${index}`}
      emptyTitle="No balance history"
      emptyText="The address had no balance changes in this period."
      initialSorting={[{ id: 'blockTimestamp', desc: true }]}
    />
  );
}
