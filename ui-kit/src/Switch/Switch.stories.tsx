import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Inline } from '../Inline/Inline.tsx';
import { Switch } from './Switch.tsx';

const meta = {
  title: 'Forms/Switch',
  component: Switch,
  args: { label: 'Security Manager (OP)', checked: false, onCheckedChange: () => {} },
  render: function Render(args) {
    const [checked, setChecked] = useState(args.checked);
    return <Switch {...args} checked={checked} onCheckedChange={setChecked} />;
  },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};
export const On: Story = { args: { checked: true } };
export const Disabled: Story = {
  render: (args) => (
    <Inline>
      <Switch {...args} checked={false} disabled />
      <Switch {...args} checked disabled />
    </Inline>
  ),
};
