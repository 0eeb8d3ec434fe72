import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PagedTable, type SortingState } from './PagedTable.tsx';
import { tokenColumns, tokenRows } from './fixtures.tsx';

const common = {
  emptyTitle: 'No tokens found',
  emptyText: 'We could not find any tokens matching your search criteria',
};

function symbols() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
}

describe('PagedTable', () => {
  it('sorts by a header and announces the order', async () => {
    const user = userEvent.setup();
    render(<PagedTable columns={tokenColumns(() => {})} data={tokenRows} {...common} />);
    expect(symbols()).toEqual(['TKN', 'ABC', 'BND']);
    await user.click(screen.getByRole('button', { name: 'Symbol' }));
    expect(symbols()).toEqual(['ABC', 'BND', 'TKN']);
    expect(screen.getByRole('columnheader', { name: 'Symbol' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Symbol' }));
    expect(symbols()).toEqual(['TKN', 'BND', 'ABC']);
    expect(screen.queryByRole('button', { name: 'Owner' })).not.toBeInTheDocument();
  });

  it('leaves a server order to the server: rows as given, a header click or Enter asks for the next order', async () => {
    const user = userEvent.setup();
    const onSortingChange = vi.fn();
    const table = (sorting: SortingState) => (
      <PagedTable
        columns={tokenColumns(() => {})}
        data={tokenRows}
        serverSorting={{ sorting, onSortingChange }}
        {...common}
      />
    );
    const { rerender } = render(table([{ id: 'symbol', desc: true }]));
    expect(symbols()).toEqual(['TKN', 'ABC', 'BND']);
    expect(screen.getByRole('columnheader', { name: 'Symbol' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Symbol' }));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'symbol', desc: false }]);
    expect(symbols()).toEqual(['TKN', 'ABC', 'BND']);

    rerender(table([{ id: 'symbol', desc: false }]));
    expect(screen.getByRole('columnheader', { name: 'Symbol' })).toHaveAttribute('aria-sort', 'ascending');
    screen.getByRole('button', { name: 'Symbol' }).focus();
    await user.keyboard('{Enter}');
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'symbol', desc: true }]);
    await user.click(screen.getByRole('button', { name: 'Token' }));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'name', desc: false }]);
    expect(onSortingChange).toHaveBeenCalledTimes(3);
  });

  it('opens a row by click or Enter, and View does not double-fire', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const onView = vi.fn();
    render(
      <PagedTable columns={tokenColumns(onView)} data={tokenRows} onRowClick={onRowClick} {...common} />,
    );
    await user.click(screen.getByText('Alpha Beta'));
    expect(onRowClick).toHaveBeenLastCalledWith(tokenRows[1]);
    screen.getAllByRole('row')[3]!.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(tokenRows[2]);
    await user.click(screen.getAllByRole('button', { name: 'View' })[0]!);
    expect(onView).toHaveBeenCalledWith(tokenRows[0]);
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('shows the empty state and pages only when there are several', () => {
    const { rerender } = render(
      <PagedTable
        columns={tokenColumns(() => {})}
        data={[]}
        pagination={{ page: 1, totalPages: 1, hrefForPage: (n) => `/Tokens?page=${n}` }}
        {...common}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('No tokens found');
    rerender(
      <PagedTable
        columns={tokenColumns(() => {})}
        data={tokenRows}
        pagination={{ page: 1, totalPages: 2, hrefForPage: (n) => `/Tokens?page=${n}` }}
        {...common}
      />,
    );
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/Tokens?page=2');
  });
});
