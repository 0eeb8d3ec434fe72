import type { Meta, StoryObj } from '@storybook/react-vite';
import { DistributionHoldersTable } from './DistributionHoldersTable.tsx';

const rows = [
  {
    index: 0,
    holderAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    balance: '100',
    amount: '333333333',
  },
  {
    index: 1,
    holderAddress: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
    balance: '100',
    amount: '333333333',
  },
  {
    index: 2,
    holderAddress: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
    balance: '100',
    amount: '333333333',
  },
];

const meta = {
  title: 'Data/DistributionHoldersTable',
  component: DistributionHoldersTable,
  args: {
    rows,
    amount: '1000000000',
    remainder: '1',
    assetSymbol: 'tUSD',
    assetDecimals: 6,
    caption: 'Payments by holder',
  },
} satisfies Meta<typeof DistributionHoldersTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithRemainder: Story = {};
export const NoRemainder: Story = {
  args: {
    rows: rows.map((row) => ({ ...row, amount: '1000000' })),
    amount: '3000000',
    remainder: '0',
  },
};
export const MoreThanShown: Story = { args: { limit: 2 } };
export const Empty: Story = { args: { rows: [], amount: '0', remainder: '0' } };
