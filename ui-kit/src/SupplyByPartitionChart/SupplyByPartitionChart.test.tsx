import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SupplyByPartitionChart, supplyByPartitionTexts } from './SupplyByPartitionChart.tsx';

describe('SupplyByPartitionChart', () => {
  it('shows each partition with its supply and share, formatted by the caller', () => {
    render(
      <SupplyByPartitionChart
        partitions={[
          { name: 'CLASS-A', supply: 3_000_000n },
          { name: 'CLASS-B', supply: 1_000_000n },
        ]}
        formatAmount={(amount) => `${amount.toLocaleString('en-US')} TKN`}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'PartitionSupplyShare',
      'CLASS-A3,000,000 TKN75.00%',
      'CLASS-B1,000,000 TKN25.00%',
    ]);
  });

  it('says nothing is issued when every partition is empty', () => {
    render(<SupplyByPartitionChart partitions={[{ name: 'CLASS-A', supply: 0n }]} />);
    expect(screen.getByRole('heading', { name: supplyByPartitionTexts.title })).toBeInTheDocument();
    expect(screen.getByText(supplyByPartitionTexts.empty)).toBeInTheDocument();
  });

  it('titles itself with an h3 by default, or at the level the page asks (under its h1: 2)', () => {
    const partitions = [{ name: 'CLASS-A', supply: 5n }];
    const { unmount } = render(<SupplyByPartitionChart partitions={partitions} />);
    expect(screen.getByRole('heading', { level: 3, name: supplyByPartitionTexts.title })).toBeInTheDocument();
    unmount();
    render(<SupplyByPartitionChart partitions={partitions} titleLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: supplyByPartitionTexts.title })).toBeInTheDocument();
  });
});
