import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from './EmptyState.tsx';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: { title: 'No tokens found', text: 'We could not find any tokens matching your search criteria' },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const TitleOnly: Story = { args: { title: 'No token holders', text: undefined } };
export const WithAction: Story = {
  args: {
    title: 'No transactions available',
    text: 'You did not run any transactions on the blockchain yet.',
    action: <Button variant="secondary">New Token</Button>,
  },
};
