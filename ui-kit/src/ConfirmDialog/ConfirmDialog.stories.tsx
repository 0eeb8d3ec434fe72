import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    onOpenChange: () => {},
    onConfirm: () => {},
    title: 'Pause trading',
    text: 'Do you want to pause trading of TKN? Holders will not be able to transfer tokens.',
    confirmLabel: 'Pause trading',
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Danger: Story = {
  args: {
    tone: 'danger',
    title: 'Delete Draft',
    text: 'Delete the draft TKN? This cannot be undone.',
    confirmLabel: 'Delete',
  },
};
export const Busy: Story = { args: { busy: true } };
