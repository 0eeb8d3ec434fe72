import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Stack } from '../Stack/Stack.tsx';
import { Checkbox } from './Checkbox.tsx';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { label: 'Controllable token', checked: false, onCheckedChange: () => {} },
  render: function Render(args) {
    const [checked, setChecked] = useState(args.checked);
    return <Checkbox {...args} checked={checked} onCheckedChange={setChecked} />;
  },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {};
export const Checked: Story = { args: { checked: true } };
export const Disabled: Story = {
  render: (args) => (
    <Stack space="small">
      <Checkbox {...args} label="Disabled unchecked" checked={false} disabled />
      <Checkbox {...args} label="Disabled checked" checked disabled />
    </Stack>
  ),
};
