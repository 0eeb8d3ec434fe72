import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Select, type SelectProps } from './Select.tsx';

const currencies = [
  { value: 'EUR', label: 'EUR' },
  { value: 'USD', label: 'USD' },
  { value: 'GBP', label: 'GBP' },
];

const Controlled = (props: Omit<SelectProps, 'onChange'>) => {
  const [value, setValue] = useState(props.value);
  return <Select {...props} value={value} onChange={setValue} />;
};

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: { label: 'Currency', options: currencies, value: 'EUR', onChange: () => {} },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithPlaceholder: Story = {
  args: {
    label: 'Smart contract',
    value: '',
    placeholder: 'Select a smart contract',
    options: [
      { value: '1', label: '1 - Fixed roles' },
      { value: '2', label: '2 - Fixed roles v2' },
    ],
  },
};
export const WithError: Story = {
  args: {
    label: 'Smart contract',
    value: '',
    placeholder: 'Select a smart contract',
    error: 'The codebase (smart contract) is required',
  },
};
export const Disabled: Story = { args: { disabled: true, help: 'Read-only when editing' } };
