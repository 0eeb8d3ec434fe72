import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextArea } from './TextArea.tsx';

const meta = {
  title: 'Forms/TextArea',
  component: TextArea,
  args: { label: 'Comments', rows: 4 },
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: 'Issued to the first investor of the round.' } };
export const WithError: Story = { args: { required: true, error: 'The notes/comments are required' } };
export const FiveRows: Story = {
  args: { label: 'Investors (bulk)', rows: 5, help: 'One investor per line: address;amount' },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: 'Locked' } };
