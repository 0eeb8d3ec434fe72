import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { exampleInvestorMessages } from './fixtures.ts';
import { InvestorTableEditor } from './InvestorTableEditor.tsx';
import type { InvestorEntry } from './parseInvestorText.ts';

const a = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const b = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function Harness({ initial }: { initial: InvestorEntry[] }) {
  const [investors, setInvestors] = useState(initial);
  return (
    <>
      <InvestorTableEditor investors={investors} onChange={setInvestors} messages={exampleInvestorMessages} />
      <output data-testid="value">{JSON.stringify(investors)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]');

describe('InvestorTableEditor', () => {
  it('adds bulk investors, replacing the blank first row', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[{ publicAddress: '', amount: '' }]} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Bulk entry' }), {
      target: { value: `${a};10\n${b} 20` },
    });
    await user.click(screen.getByRole('button', { name: 'Add from text' }));
    expect(value()).toEqual([
      { publicAddress: a, amount: '10' },
      { publicAddress: b, amount: '20' },
    ]);
    expect(screen.getByRole('textbox', { name: 'Bulk entry' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Public address of investor 2' })).toHaveValue(b);
  });

  it('shows row-numbered errors and adds nothing, including duplicates of existing rows', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[{ publicAddress: a, amount: '1' }]} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Bulk entry' }), {
      target: { value: `${b};0\n${a};5` },
    });
    await user.click(screen.getByRole('button', { name: 'Add from text' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Row 1: the investment amount cannot be zero or negative');
    expect(alert).toHaveTextContent(`Row 2: the address ${a} is specified twice`);
    expect(value()).toEqual([{ publicAddress: a, amount: '1' }]);
  });

  it('edits, adds and removes rows', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[{ publicAddress: '', amount: '' }]} />);
    await user.type(screen.getByRole('textbox', { name: 'Public address of investor 1' }), a);
    await user.click(screen.getByRole('button', { name: 'Add investor' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount of investor 2' }), '7');
    expect(value()).toEqual([
      { publicAddress: a, amount: '' },
      { publicAddress: '', amount: '7' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove investor 1' }));
    expect(value()).toEqual([{ publicAddress: '', amount: '7' }]);
    expect(screen.getByRole('button', { name: 'Remove investor 1' })).toBeDisabled();
  });
});
