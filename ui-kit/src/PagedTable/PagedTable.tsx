import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useState } from 'react';
import { EmptyState } from '../EmptyState/EmptyState.tsx';
import { Icon } from '../Icon/Icon.tsx';
import type { RenderLink } from '../Link/Link.tsx';
import { Pagination } from '../Pagination/Pagination.tsx';
import { Skeleton } from '../Skeleton/Skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../Table/Table.tsx';
import * as styles from './PagedTable.css.ts';

export type { ColumnDef, SortingState } from '@tanstack/react-table';

export type PagedTableProps<T> = {
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column (TanStack's own idiom)
  columns: ColumnDef<T, any>[];
  data: readonly T[];
  caption?: string;
  getRowId?: (row: T, index: number) => string;
  /** Makes rows clickable (and reachable with Tab, Enter opens). */
  onRowClick?: (row: T) => void;
  rowActionLabel?: (row: T) => string;
  emptyTitle: string;
  emptyText?: string;
  loading?: boolean;
  loadingText?: string;
  /** Server-side paging; the Pagination shows only for more than one page. */
  pagination?: { page: number; totalPages: number; hrefForPage: (page: number) => string; label?: string };
  renderLink?: RenderLink;
  /** Sorting of the rows on the current page (the table sorts what it has). */
  initialSorting?: SortingState;
  /**
   * Sorting done by the server: the table shows `sorting` on its headers and rows in the order given, and a
   * header click asks for the next order through `onSortingChange` (the parent reloads).
   */
  serverSorting?: { sorting: SortingState; onSortingChange: (sorting: SortingState) => void };
};

/** A TanStack table: sortable headers (aria-sort), row click, empty and loading states, server paging. */
export function PagedTable<T>({
  columns,
  data,
  caption,
  getRowId,
  onRowClick,
  rowActionLabel,
  emptyTitle,
  emptyText,
  loading = false,
  loadingText = 'Loading',
  pagination,
  renderLink,
  initialSorting = [],
  serverSorting,
}: PagedTableProps<T>) {
  const [localSorting, setLocalSorting] = useState<SortingState>(initialSorting);
  const sorting = serverSorting ? serverSorting.sorting : localSorting;
  const table = useReactTable({
    columns,
    data: data as T[],
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (serverSorting) serverSorting.onSortingChange(next);
      else setLocalSorting(next);
    },
    manualSorting: serverSorting !== undefined,
    // A server order is never removed, only turned round.
    enableSortingRemoval: serverSorting === undefined,
    sortDescFirst: false,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  if (loading) {
    return <Skeleton label={loadingText} shape="table" columns={Math.max(1, columns.length)} />;
  }
  if (data.length === 0) return <EmptyState title={emptyTitle} text={emptyText} />;

  return (
    <div className={styles.wrapper}>
      <Table caption={caption} cardsOnPhone>
        <TableHead>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = header.isPlaceholder
                  ? null
                  : flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <TableHeaderCell
                    key={header.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {label}
                        <Icon name={sorted === 'asc' ? 'sortAsc' : sorted === 'desc' ? 'sortDesc' : 'sort'} />
                      </button>
                    ) : (
                      label
                    )}
                  </TableHeaderCell>
                );
              })}
            </TableRow>
          ))}
        </TableHead>
        <TableBody>
          {table.getRowModel().rows.map((row) => (
            <TableRow
              key={row.id}
              onClick={onRowClick ? () => onRowClick(row.original) : undefined}
              actionLabel={rowActionLabel?.(row.original)}
            >
              {row.getVisibleCells().map((cell) => (
                <TableCell
                  key={cell.id}
                  label={
                    typeof cell.column.columnDef.header === 'string'
                      ? cell.column.columnDef.header
                      : undefined
                  }
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pagination ? <Pagination {...pagination} renderLink={renderLink} /> : null}
    </div>
  );
}
