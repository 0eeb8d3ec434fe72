import type { Meta, StoryObj } from '@storybook/react-vite';
import { AccessCodeDialog } from './AccessCodeDialog.tsx';

const meta = {
  title: 'Domain/AccessCodeDialog',
  component: AccessCodeDialog,
  args: { open: true, onOpenChange: () => {}, onSubmit: () => {} },
} satisfies Meta<typeof AccessCodeDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Busy: Story = { args: { busy: true } };
export const ServerError: Story = { args: { error: 'Failed to start the distributed transaction.' } };
