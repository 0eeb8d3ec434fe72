import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SupplyAndHoldersChart, supplyAndHoldersTexts } from './SupplyAndHoldersChart.tsx';

const ranges = [
  { value: '30d', label: '30 days' },
  { value: '1y', label: '1 year' },
  { value: 'all', label: 'All' },
];

describe('SupplyAndHoldersChart', () => {
  it('gives each day as a row of its table, amounts formatted by the caller', () => {
    render(
      <SupplyAndHoldersChart
        points={[
          { day: '2026-10-29', supply: 1_500n, holders: 1 },
          { day: '2026-11-27', supply: 1_800n, holders: 12_345 },
        ]}
        from="2026-10-29"
        to="2026-11-27"
        formatAmount={(amount) => `${amount.toLocaleString('en-US')} TKN`}
      />,
    );
    expect(screen.getByRole('heading', { name: supplyAndHoldersTexts.title })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: supplyAndHoldersTexts.table });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayTotal supplyHolders', '29 Oct 20261,500 TKN1', '27 Nov 20261,800 TKN12,345']);
    // The scrolling table is a named region reachable with the keyboard.
    expect(screen.getByRole('region', { name: supplyAndHoldersTexts.table })).toHaveAttribute(
      'tabindex',
      '0',
    );
    // The latest figures and the highest, over the lines.
    expect(screen.getByText('1,800 TKN (highest 1,800 TKN)')).toBeInTheDocument();
    expect(screen.getByText('12,345 (highest 12,345)')).toBeInTheDocument();
  });

  it('offers its ranges as radios and hands the one chosen on', () => {
    const onRangeChange = vi.fn();
    render(
      <SupplyAndHoldersChart
        points={[]}
        from="2026-10-29"
        to="2026-11-27"
        ranges={ranges}
        range="30d"
        onRangeChange={onRangeChange}
      />,
    );
    const group = screen.getByRole('group', { name: supplyAndHoldersTexts.range });
    expect(within(group).getByRole('radio', { name: '30 days' })).toBeChecked();
    fireEvent.click(within(group).getByRole('radio', { name: '1 year' }));
    expect(onRangeChange).toHaveBeenCalledWith('1y');
  });

  it('says nothing is issued when there are no points, with no table', () => {
    render(<SupplyAndHoldersChart points={[]} from="2026-11-27" to="2026-11-27" />);
    expect(screen.getByText(supplyAndHoldersTexts.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('titles itself with an h3 by default, or at the level the page asks (under its h1: 2)', () => {
    const { unmount } = render(<SupplyAndHoldersChart points={[]} from="2026-11-01" to="2026-11-27" />);
    expect(screen.getByRole('heading', { level: 3, name: supplyAndHoldersTexts.title })).toBeInTheDocument();
    unmount();
    render(<SupplyAndHoldersChart points={[]} from="2026-11-01" to="2026-11-27" titleLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: supplyAndHoldersTexts.title })).toBeInTheDocument();
  });
});
