import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RadioGroup } from './RadioGroup.tsx';

const options = [
  { value: 'EUR', label: 'Euro' },
  { value: 'USD', label: 'US dollar' },
  { value: 'GBP', label: 'Pound sterling', disabled: true },
];

const meta = {
  title: 'Forms/RadioGroup',
  component: RadioGroup,
  args: { legend: 'Currency', options, value: null, onChange: () => {} },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return <RadioGroup {...args} value={value} onChange={setValue} />;
  },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoneSelected: Story = {};
export const Selected: Story = { args: { value: 'USD' } };
export const WithError: Story = { args: { error: 'Please select a currency' } };
