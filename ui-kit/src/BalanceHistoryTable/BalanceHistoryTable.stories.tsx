import type { Meta, StoryObj } from '@storybook/react-vite';
import { BalanceHistoryTable, type BalanceHistoryRow } from './BalanceHistoryTable.tsx';

const base = Math.floor(new Date(2026, 10, 20, 10, 0, 0).getTime() / 1000);
const rows: BalanceHistoryRow[] = [
  { balance: 100, partitionName: 'CLASS-A', blockTimestamp: base, blockNumber: 10 },
  { balance: 250, partitionName: 'CLASS-A', blockTimestamp: base + 3600, blockNumber: 14 },
  { balance: 40, partitionName: 'CLASS-B', blockTimestamp: base + 7200, blockNumber: 19 },
];

const meta = {
  title: 'Domain/BalanceHistoryTable',
  component: BalanceHistoryTable,
  args: { rows, caption: 'Balance history of 0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
} satisfies Meta<typeof BalanceHistoryTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithRows: Story = {};
export const Empty: Story = { args: { rows: [] } };
export const Loading: Story = { args: { loading: true } };
