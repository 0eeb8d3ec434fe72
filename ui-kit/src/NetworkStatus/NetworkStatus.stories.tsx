import type { Meta, StoryObj } from '@storybook/react-vite';
import { NetworkStatus } from './NetworkStatus.tsx';

const connection = { networkName: 'Local', address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' };

const meta = {
  title: 'Domain/NetworkStatus',
  component: NetworkStatus,
  args: { connection, registered: true, onChangeWallet: () => {} },
  decorators: [(Story) => <div style={{ paddingBottom: 80 }}>{Story()}</div>],
} satisfies Meta<typeof NetworkStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Connected: Story = {};
export const NotConnected: Story = { args: { connection: null } };
export const NotRegistered: Story = { args: { registered: false } };
export const ConnectedToMainNet: Story = { args: { connection: { ...connection, networkName: 'MainNet' } } };
