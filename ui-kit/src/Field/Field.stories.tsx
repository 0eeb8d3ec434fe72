import type { Meta, StoryObj } from '@storybook/react-vite';
import { Field } from './Field.tsx';
import { control } from './Field.css.ts';

const meta = {
  title: 'Forms/Field',
  component: Field,
  args: {
    label: 'Partition value',
    help: 'A short identifier, e.g. CLASS-A',
    children: (props) => <input {...props} className={control} />,
  },
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithHelp: Story = {};
export const WithError: Story = { args: { error: 'The value of the partition is required', required: true } };
export const HelpAndError: Story = { args: { error: 'The value of the partition is required' } };
