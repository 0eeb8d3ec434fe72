import {
  Button,
  EmptyState,
  Pagination,
  Spinner,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@tranche/ui-kit';
import type { ReactNode } from 'react';
import { routeTo } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { shownPageCount } from '../pageQuery.ts';
import { ChainLink } from './ChainLink.tsx';
import { StopClick } from './StopClick.tsx';

export type HistoryColumn<Row> = { header: string; cell: (row: Row) => ReactNode };

/**
 * The table of a My transactions tab (part 2, section 2): a spinner while loading, the empty state on an empty
 * first page, else rows that open their transaction (the row and its View button) and the pages.
 */
export function HistoryTable<Row>({
  loading,
  loadingLabel,
  empty,
  rows,
  page,
  totalPages,
  caption,
  columns,
  rowKey,
  open,
  actionLabel,
  pagesLabel,
  above,
  hrefForPage = (n) => routeTo.TransactionHistory(n),
  emptyAbove = false,
}: {
  loading: boolean;
  loadingLabel: string;
  empty: { title: string; text: string };
  rows: readonly Row[];
  page: number;
  /** As the server answers (shownPageCount applies). */
  totalPages: number;
  caption: string;
  /** The columns after View. */
  columns: readonly HistoryColumn<Row>[];
  rowKey: (row: Row) => string | number;
  open: (row: Row) => void;
  actionLabel: (row: Row) => string;
  pagesLabel: string;
  /** Above the table (e.g. the CSV export). */
  above?: ReactNode;
  /** The link of a page (default: My transactions at that page). */
  hrefForPage?: (page: number) => string;
  /** Whether `above` stays when there is nothing to list (filters the user may change). */
  emptyAbove?: boolean;
}) {
  if (loading) return <Spinner label={loadingLabel} />;
  if (rows.length === 0 && page <= 1)
    return (
      <Stack space="medium">
        {emptyAbove ? above : null}
        <EmptyState title={empty.title} text={empty.text} />
      </Stack>
    );
  return (
    <Stack space="medium">
      {above}
      <Table caption={caption} cardsOnPhone>
        <TableHead>
          <TableRow>
            <TableHeaderCell>View</TableHeaderCell>
            {columns.map((column) => (
              <TableHeaderCell key={column.header}>{column.header}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} onClick={() => open(row)} actionLabel={actionLabel(row)}>
              <TableCell>
                <StopClick>
                  <Button size="small" variant="secondary" onClick={() => open(row)}>
                    View
                  </Button>
                </StopClick>
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.header} label={column.header}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        page={page}
        totalPages={shownPageCount(totalPages)}
        hrefForPage={hrefForPage}
        renderLink={renderRouterLink}
        label={pagesLabel}
      />
    </Stack>
  );
}

/** A public address cell: the address's chain link, or nothing. */
export function AddressCell({ address }: { address: string | null | undefined }) {
  if (!address) return null;
  return (
    <StopClick>
      <ChainLink kind="address" value={address} />
    </StopClick>
  );
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
