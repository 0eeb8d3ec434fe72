import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from '../Stack/Stack.tsx';
import { ExplorerLink } from './ExplorerLink.tsx';

const hash = '0x8f1a7d2c49b01cbe9e04a7e1b4d52f1d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c';

const meta = {
  title: 'Data/ExplorerLink',
  component: ExplorerLink,
  args: { kind: 'tx', value: hash, explorer: { urlTemplate: 'https://sepolia.etherscan.io/{kind}/{value}' } },
} satisfies Meta<typeof ExplorerLink>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PublicExplorer: Story = {};
export const LocalChain: Story = { args: { explorer: { isLocal: true } } };
export const NotConfigured: Story = { args: { explorer: {} } };
export const Kinds: Story = {
  render: (args) => (
    <Stack space="small">
      <ExplorerLink {...args} kind="address" value="0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" />
      <ExplorerLink {...args} kind="block" value="1234">
        Block 1234
      </ExplorerLink>
    </Stack>
  ),
};
