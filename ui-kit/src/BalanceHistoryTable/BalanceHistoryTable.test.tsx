import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BalanceHistoryTable } from './BalanceHistoryTable.tsx';

const base = Math.floor(new Date(2026, 10, 20, 10, 0, 0).getTime() / 1000);
const rows = [
  { balance: '100', partitionName: 'CLASS-A', blockTimestamp: base, blockNumber: 10 },
  { balance: '25', partitionName: 'CLASS-B', blockTimestamp: base + 3600, blockNumber: 14 },
];

const firstColumn = (index: number) =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]?.textContent);

describe('BalanceHistoryTable', () => {
  it('shows newest first with local dates and sorts balances numerically', async () => {
    render(<BalanceHistoryTable rows={rows} />);
    expect(firstColumn(3)).toEqual(['2026-11-20 11:00', '2026-11-20 10:00']);
    await userEvent.click(screen.getByRole('button', { name: 'Balance' }));
    expect(firstColumn(1)).toEqual(['25', '100']);
  });

  it('shows an empty state', () => {
    render(<BalanceHistoryTable rows={[]} />);
    expect(screen.getByRole('status')).toHaveTextContent('No balance history');
  });
});
