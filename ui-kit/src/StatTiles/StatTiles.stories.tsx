import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatTiles } from './StatTiles.tsx';

const meta = {
  title: 'Data display/StatTiles',
  component: StatTiles,
  args: {
    label: 'Token figures',
    tiles: [
      { label: 'Total supply', value: '1,000,000 TKN' },
      { label: 'Holders', value: '3' },
      { label: 'Investors', value: '5' },
      { label: 'Partitions', value: '2' },
      { label: 'Status', value: 'Active' },
    ],
  },
} satisfies Meta<typeof StatTiles>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Figures: Story = {};
export const LongValues: Story = {
  args: {
    tiles: [
      { label: 'Total supply', value: '100,000,000,000,000,000,000,000.123456789012345678 TKN' },
      { label: 'Holders', value: '100,000' },
      { label: 'Status', value: 'Paused' },
    ],
  },
};
