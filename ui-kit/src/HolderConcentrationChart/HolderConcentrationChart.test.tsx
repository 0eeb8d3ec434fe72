import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { concentrationOf } from './concentration.ts';
import { HolderConcentrationChart, holderConcentrationTexts } from './HolderConcentrationChart.tsx';

const holders = Array.from({ length: 25 }, (_, i) => ({
  label: `Holder ${i + 1}`,
  balance: BigInt(100 - i),
}));

describe('concentrationOf', () => {
  it('names the ten largest holders and sums everyone else, shares adding up to 100%', () => {
    const shares = concentrationOf([...holders].reverse(), 50n);
    expect(shares.map((s) => s.label)).toEqual([
      ...holders.slice(0, 10).map((h) => h.label),
      'All other holders',
    ]);
    const others = holders.slice(10).reduce((sum, h) => sum + h.balance, 50n);
    expect(shares.at(-1)).toMatchObject({ amount: others, rest: true });
    expect(shares.reduce((sum, s) => sum + s.basisPoints, 0)).toBe(10_000);
  });

  it('has no rest slice when ten or fewer hold everything', () => {
    const shares = concentrationOf(holders.slice(0, 3));
    expect(shares.map((s) => s.label)).toEqual(['Holder 1', 'Holder 2', 'Holder 3']);
  });
});

describe('HolderConcentrationChart', () => {
  it('lists the ten largest holders and the rest in a table with their shares', () => {
    render(<HolderConcentrationChart holders={holders.slice(0, 10)} rest={945n} />);
    const table = within(screen.getByRole('region', { name: 'Holder concentration' })).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(12);
    expect(rows[1]).toHaveTextContent('Holder 1100');
    expect(rows[11]).toHaveTextContent('All other holders945');
    // 955 of 1,900 in the ten largest: 50.26%.
    const shares = rows.slice(1).map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    const sum = shares.reduce((total, text) => total + Math.round(Number.parseFloat(text ?? '') * 100), 0);
    expect(sum).toBe(10_000);
  });

  it('says that nobody holds the token instead of an empty chart', () => {
    render(<HolderConcentrationChart holders={[]} />);
    expect(screen.getByText(holderConcentrationTexts.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
