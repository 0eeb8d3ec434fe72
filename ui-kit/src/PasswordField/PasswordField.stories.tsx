import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordField } from './PasswordField.tsx';

const meta = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  args: { label: 'Password', required: true },
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: 'secret-password' } };
export const WithError: Story = { args: { error: 'The password is required' } };
export const WithHelp: Story = { args: { help: 'At least 8 characters.', label: 'New password' } };
