import type { Meta, StoryObj } from '@storybook/react-vite';
import { HolderConcentrationChart } from './HolderConcentrationChart.tsx';

const meta = {
  title: 'Charts/HolderConcentrationChart',
  component: HolderConcentrationChart,
  args: { holders: [] },
} satisfies Meta<typeof HolderConcentrationChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A deterministic address for holder i. */
const address = (i: number) => `0x${(i * 2654435761).toString(16).padStart(40, '0').slice(-40)}`;

export const Empty: Story = {};
export const OneHolder: Story = {
  args: { holders: [{ label: 'Northwind Pension Fund', balance: 5_000_000n }] },
};
/** 100,000 holders given to the chart: it names the ten largest and sums the other 99,990. */
export const HundredThousandHolders: Story = {
  args: {
    holders: Array.from({ length: 100_000 }, (_, i) => ({
      label: i === 0 ? 'Northwind Pension Fund' : i === 1 ? 'Contoso Capital Partners LLP' : address(i),
      balance: i < 10 ? BigInt(4_000_000 - i * 250_000) : BigInt(100 + (i % 900)),
    })),
  },
};
