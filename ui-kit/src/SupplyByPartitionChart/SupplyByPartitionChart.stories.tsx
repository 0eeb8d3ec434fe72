import type { Meta, StoryObj } from '@storybook/react-vite';
import { SupplyByPartitionChart } from './SupplyByPartitionChart.tsx';

const meta = {
  title: 'Charts/SupplyByPartitionChart',
  component: SupplyByPartitionChart,
  args: { partitions: [] },
} satisfies Meta<typeof SupplyByPartitionChart>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const OnePartition: Story = { args: { partitions: [{ name: 'CLASS-A', supply: 1_000_000n }] } };
/** Supplies as 100,000 holders of four partitions add up to, 18-decimal amounts included. */
export const HundredThousandHolders: Story = {
  args: {
    partitions: [
      { name: 'CLASS-A', supply: 61_234_567_890_123_456_789_000n },
      { name: 'CLASS-B', supply: 24_000_000_000_000_000_000_000n },
      { name: 'PREFERRED', supply: 9_876_543_210_000_000_000_000n },
      { name: 'LOCKED-2027', supply: 4_888_888_899_876_543_211_000n },
    ],
  },
};
