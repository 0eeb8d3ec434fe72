import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar } from './ProgressBar.tsx';

const meta = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  args: { label: 'Deployment progress', value: 40 },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Start: Story = { args: { value: 1 } };
export const Partial: Story = {};
export const Complete: Story = { args: { value: 100 } };
export const NoValue: Story = { args: { showValue: false, value: 60 } };
