import type { Meta, StoryObj } from '@storybook/react-vite';
import { Toaster } from './Toast.tsx';

const meta = {
  title: 'Feedback/Toast',
  component: Toaster,
  args: {
    inline: true,
    autoHideMs: 600_000,
    onDismiss: () => {},
    toasts: [
      {
        id: '1',
        title: 'Transaction submitted',
        text: '0x8f1a7d2c49b01cbe9e04a7e1b4d52f1d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c',
      },
      { id: '2', title: 'Transaction approved', tone: 'success' },
      { id: '3', title: 'Connect to the network!', tone: 'warning' },
      { id: '4', title: 'Transaction cancelled', text: 'The access code is invalid', tone: 'danger' },
    ],
  },
} satisfies Meta<typeof Toaster>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Stack: Story = {};
export const Overlay: Story = {
  args: { inline: false, toasts: [{ id: '1', title: 'Transaction submitted' }] },
};
export const Empty: Story = { args: { toasts: [] } };
