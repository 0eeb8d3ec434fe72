import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { type SupplyAndHoldersPoint, SupplyAndHoldersChart } from './SupplyAndHoldersChart.tsx';

const ranges = [
  { value: '30d', label: '30 days' },
  { value: '1y', label: '1 year' },
  { value: 'all', label: 'All' },
] as const;

const meta = {
  title: 'Charts/SupplyAndHoldersChart',
  component: SupplyAndHoldersChart,
  args: { points: [], from: '2026-10-29', to: '2026-11-27', ranges, range: '30d' },
  render: function Render(args) {
    const [range, setRange] = useState(args.range);
    return <SupplyAndHoldersChart {...args} range={range} onRangeChange={setRange} />;
  },
} satisfies Meta<typeof SupplyAndHoldersChart>;
export default meta;
type Story = StoryObj<typeof meta>;

const day = (n: number) => new Date(Date.UTC(2025, 10, 28) + n * 86_400_000).toISOString().slice(0, 10);

/** A year of daily points of a token that grew to 100,000 holders: issues most days, redemptions now and then. */
const yearOfPoints: SupplyAndHoldersPoint[] = (() => {
  const points: SupplyAndHoldersPoint[] = [];
  let supply = 0n;
  let holders = 0;
  for (let n = 0; n < 365; n += 1) {
    const redeems = n % 17 === 16;
    supply += redeems
      ? -120_000_000_000_000_000_000n
      : BigInt(250 + ((n * 37) % 400)) * 1_000_000_000_000_000_000n;
    holders = n === 364 ? 100_000 : redeems ? holders - 35 : holders + 180 + ((n * 13) % 160);
    points.push({ day: day(n), supply, holders });
  }
  return points;
})();

export const Empty: Story = {};
export const OnePoint: Story = {
  args: {
    points: [{ day: '2026-11-27', supply: 1_000_000n, holders: 1 }],
    from: '2026-11-27',
    to: '2026-11-27',
    range: 'all',
  },
};
/** 365 daily points up to 100,000 holders and 18-decimal supplies; the table scrolls inside the figure. */
export const ManyPoints: Story = {
  args: { points: yearOfPoints, from: day(0), to: day(364), range: '1y' },
};
