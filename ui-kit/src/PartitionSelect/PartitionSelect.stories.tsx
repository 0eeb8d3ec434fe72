import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { PartitionSelect } from './PartitionSelect.tsx';

const partitions = [
  { name: 'CLASS-A', description: 'Class A shares' },
  { name: 'CLASS-B', description: 'Class B shares' },
  { name: 'RESERVED' },
];

const meta = {
  title: 'Domain/PartitionSelect',
  component: PartitionSelect,
  args: { partitions, value: '', onChange: () => {} },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return <PartitionSelect {...args} value={value} onChange={setValue} />;
  },
} satisfies Meta<typeof PartitionSelect>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoneChosen: Story = {};
export const Chosen: Story = { args: { value: 'CLASS-B' } };
export const Required: Story = { args: { required: true, error: 'The partition is required' } };
export const AllPartitions: Story = { args: { allowAll: true } };
export const NoPartitions: Story = { args: { partitions: [], disabled: true } };
