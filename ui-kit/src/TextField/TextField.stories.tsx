import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from '../Stack/Stack.tsx';
import { TextField } from './TextField.tsx';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { label: 'Name', placeholder: 'My permissions scheme' },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: 'Main scheme' } };
export const WithHelp: Story = {
  args: { label: 'Block number', help: 'Leave empty for the current block.', required: false },
};
export const Required: Story = { args: { required: true } };
export const WithError: Story = {
  args: { required: true, error: 'The name of the security scheme is required', defaultValue: '' },
};
export const Disabled: Story = {
  args: { disabled: true, defaultValue: '0x0000000000000000000000000000000000000000', label: 'Controller' },
};
export const ReadOnly: Story = {
  args: { readOnly: true, defaultValue: 'Not available - Connect to the network', label: 'Asset ID' },
};
export const Form: Story = {
  render: () => (
    <Stack>
      <TextField label="Wallet address" placeholder="The wallet address to check" />
      <TextField
        label="Amount"
        inputMode="numeric"
        error="The amount needs to be greater than zero"
        defaultValue="0"
      />
    </Stack>
  ),
};
/** A whitelist template's date field (part 2, section 3): the browser's date input, YYYY-MM-DD. */
export const DateField: Story = {
  args: { type: 'date', label: 'Accreditation date', defaultValue: '2026-03-31', placeholder: undefined },
};
export const DateFieldWithError: Story = {
  args: {
    type: 'date',
    label: 'Accreditation date',
    placeholder: undefined,
    error: 'The accreditation date of the contact is required. Please enter a valid value and try again',
  },
};
