import type { Meta, StoryObj } from '@storybook/react-vite';
import { PagedTable } from './PagedTable.tsx';
import { type TokenRow, tokenColumns, tokenRows } from './fixtures.tsx';

const meta = {
  title: 'Domain/PagedTable',
  component: PagedTable<TokenRow>,
  args: {
    columns: tokenColumns(() => {}),
    data: tokenRows,
    getRowId: (row: TokenRow) => row.symbol,
    onRowClick: () => {},
    rowActionLabel: (row: TokenRow) => `Open ${row.symbol}`,
    emptyTitle: 'No tokens found',
    emptyText: 'We could not find any tokens matching your search criteria',
    pagination: { page: 2, totalPages: 5, hrefForPage: (n: number) => `/Tokens?page=${n}&term=` },
  },
} satisfies Meta<typeof PagedTable<TokenRow>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithPages: Story = {};
export const SinglePage: Story = { args: { pagination: { page: 1, totalPages: 1, hrefForPage: () => '' } } };
export const SortedBySymbol: Story = { args: { initialSorting: [{ id: 'symbol', desc: false }] } };
/** The rows as the server sent them for Symbol descending; a header click asks the parent to reload. */
export const SortedByTheServer: Story = {
  args: {
    data: [...tokenRows].sort((a, b) => b.symbol.localeCompare(a.symbol)),
    serverSorting: { sorting: [{ id: 'symbol', desc: true }], onSortingChange: () => {} },
  },
};
export const Empty: Story = { args: { data: [] } };
export const Loading: Story = { args: { loading: true, loadingText: 'Loading tokens' } };
