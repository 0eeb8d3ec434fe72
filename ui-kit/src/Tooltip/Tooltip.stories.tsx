import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from '../Badge/Badge.tsx';
import { Button } from '../Button/Button.tsx';
import { Tooltip } from './Tooltip.tsx';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: { content: 'Signed by alice, bob and carol', children: <Badge focusable>2/3</Badge> },
  decorators: [(Story) => <div style={{ paddingTop: 60 }}>{Story()}</div>],
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
export const Bottom: Story = {
  args: {
    defaultOpen: true,
    side: 'bottom',
    content: 'Register the address in My Keys (/Keys) or choose another account in your wallet.',
    children: <Button variant="ghost">How to fix this?</Button>,
  },
};
