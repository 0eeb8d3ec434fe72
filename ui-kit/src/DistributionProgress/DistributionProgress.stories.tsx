import type { Meta, StoryObj } from '@storybook/react-vite';
import { DistributionProgress } from './DistributionProgress.tsx';

const meta = {
  title: 'Data/DistributionProgress',
  component: DistributionProgress,
  args: {
    amount: '1000000001',
    claimed: '0',
    pushed: '0',
    remaining: '1000000001',
    remainder: '1',
    funded: true,
    reclaimed: false,
    assetSymbol: 'tUSD',
    assetDecimals: 6,
  },
} satisfies Meta<typeof DistributionProgress>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFunded: Story = { args: { funded: false, remaining: '0' } };
export const Funded: Story = {};
export const PartlyPaid: Story = {
  args: { claimed: '333000000', pushed: '166000000', remaining: '501000001' },
};
export const FullyPaid: Story = { args: { claimed: '333000000', pushed: '667000000', remaining: '1' } };
export const Reclaimed: Story = {
  args: { claimed: '333000000', pushed: '500000000', remaining: '0', reclaimed: true },
};
