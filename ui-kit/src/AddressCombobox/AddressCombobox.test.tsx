import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type AddressComboboxOption, AddressCombobox } from './AddressCombobox.tsx';

const people: AddressComboboxOption[] = [
  {
    address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    name: 'Northwind Pension Fund',
    detail: '1,500 ACME',
  },
  { address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359', name: 'Northwind Trading', detail: '20 ACME' },
  { address: '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb', name: null, detail: '7 ACME' },
];

/** The field as a form holds it: its text, and the people matching it (here by name or address prefix). */
function Harness() {
  const [value, setValue] = useState('');
  const query = value.trim().toLowerCase();
  const options = people.filter(
    (p) => query !== '' && (p.address.startsWith(query) || (p.name ?? '').toLowerCase().includes(query)),
  );
  return (
    <form aria-label="Force a transfer">
      <AddressCombobox label="From address" value={value} onValueChange={setValue} options={options} />
    </form>
  );
}

/** Picks people one after another into a list (the distribution's exclusions). */
function Adder() {
  const [value, setValue] = useState('');
  const [list, setList] = useState<string[]>([]);
  const options = value === '' ? [] : people.filter((p) => (p.name ?? '').toLowerCase().includes(value));
  return (
    <>
      <AddressCombobox
        label="Add an excluded holder"
        value={value}
        onValueChange={setValue}
        onPick={(option) => {
          setList((old) => [...old, option.address]);
          setValue('');
        }}
        options={options}
      />
      <p>{`Excluded: ${list.join(' ')}`}</p>
    </>
  );
}

describe('AddressCombobox', () => {
  it('picks a person by name with the keyboard: Down, Down, Enter puts the checksummed address in the field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('combobox', { name: 'From address' });
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await user.type(field, 'northwind');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(field).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Northwind Pension Fund0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed1,500 ACME',
      'Northwind Trading0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d35920 ACME',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 matches');
    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /Northwind Pension Fund/ });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{ArrowDown}');
    const second = screen.getByRole('option', { name: /Northwind Trading/ });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(field).toHaveValue('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveFocus();
    // The picked person's name is announced with the field.
    expect(field).toHaveAccessibleDescription('Northwind Trading');
  });

  it('stays a free-text address field: Escape closes the list and Enter without a choice picks nothing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('combobox', { name: 'From address' });
    await user.type(field, '0xdbf0');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await user.type(field, '3b407c01e7cd3cbea99509d93f8dddc8c6fb{Enter}');
    expect(field).toHaveValue('0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb');
    await user.clear(field);
    await user.type(field, '0x1234');
    expect(screen.getByText('Nobody matches')).toBeVisible();
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it('picks with the mouse and keeps the focus in the field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('combobox', { name: 'From address' });
    await user.type(field, 'pension');
    await user.click(screen.getByRole('option', { name: /Northwind Pension Fund/ }));
    expect(field).toHaveValue('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(field).toHaveFocus();
  });

  it('hands a picked person to onPick, which may clear the field to pick another', async () => {
    const user = userEvent.setup();
    render(<Adder />);
    const field = screen.getByRole('combobox', { name: 'Add an excluded holder' });
    await user.type(field, 'trading');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(field).toHaveValue('');
    expect(screen.getByText(`Excluded: ${people[1]?.address}`)).toBeVisible();
  });
});
