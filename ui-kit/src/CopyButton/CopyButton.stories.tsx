import type { Meta, StoryObj } from '@storybook/react-vite';
import { CopyButton } from './CopyButton.tsx';

const meta = {
  title: 'Data/CopyButton',
  component: CopyButton,
  args: { value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', label: 'Copy address' },
} satisfies Meta<typeof CopyButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
