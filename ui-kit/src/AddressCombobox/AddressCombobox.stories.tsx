import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { type AddressComboboxOption, AddressCombobox } from './AddressCombobox.tsx';

const people: AddressComboboxOption[] = [
  {
    address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    name: 'Northwind Pension Fund',
    detail: '1,500 ACME',
  },
  {
    address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
    name: 'Fondation de prévoyance du personnel des Industries Réunies de Genève et Environs SA',
    detail: '20 ACME',
  },
  { address: '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb', name: null, detail: '7 ACME' },
];

function Picker({ initial, error }: { initial: string; error?: string }) {
  const [value, setValue] = useState(initial);
  const query = value.trim().toLowerCase();
  const options = people.filter(
    (p) => query !== '' && (p.address.startsWith(query) || (p.name ?? '').toLowerCase().includes(query)),
  );
  return (
    <div style={{ maxWidth: 480, minHeight: 320 }}>
      <AddressCombobox
        label="From address"
        value={value}
        onValueChange={setValue}
        options={options}
        error={error}
      />
    </div>
  );
}

const meta = {
  title: 'Forms/AddressCombobox',
  component: Picker,
  args: { initial: '' },
} satisfies Meta<typeof Picker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Picked: Story = { args: { initial: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' } };
export const Invalid: Story = { args: { initial: '0x12', error: 'The source address is not valid' } };
