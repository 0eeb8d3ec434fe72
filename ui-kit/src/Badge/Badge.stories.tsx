import type { Meta, StoryObj } from '@storybook/react-vite';
import { Inline } from '../Inline/Inline.tsx';
import { Badge, badgeTones } from './Badge.tsx';

const meta = {
  title: 'Feedback/Badge',
  component: Badge,
  args: { tone: 'danger', children: 'Token trading is paused' },
  argTypes: { tone: { control: 'select', options: badgeTones } },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const AllTones: Story = {
  render: () => (
    <Inline>
      {badgeTones.map((tone) => (
        <Badge key={tone} tone={tone}>
          {tone}
        </Badge>
      ))}
      <Badge tone="warning">Feature disabled</Badge>
      <Badge tone="primary">2/3</Badge>
    </Inline>
  ),
};
