import type { Meta, StoryObj } from '@storybook/react-vite';
import { iconNames } from '../Icon/Icon.tsx';
import { Inline } from '../Inline/Inline.tsx';
import { IconButton } from './IconButton.tsx';

const meta = {
  title: 'Primitives/IconButton',
  component: IconButton,
  args: { icon: 'copy', label: 'Copy' },
  argTypes: { icon: { control: 'select', options: iconNames } },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllIcons: Story = {
  render: () => (
    <Inline>
      {iconNames.map((name) => (
        <IconButton key={name} icon={name} label={name} />
      ))}
      <IconButton icon="close" label="Close (small)" size="small" />
      <IconButton icon="close" label="Close (disabled)" disabled />
    </Inline>
  ),
};
