import type { Meta, StoryObj } from '@storybook/react-vite';
import * as Dialog from '../Dialog/Dialog.tsx';
import { WalletSelector } from './WalletSelector.tsx';

const accounts = [
  { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
  { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', name: 'Treasury key' },
  {
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    name: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  },
];

const meta = {
  title: 'Domain/WalletSelector',
  component: WalletSelector,
  args: {
    onConnect: async () => accounts,
    onSelectAccount: () => {},
    onCancel: () => {},
  },
} satisfies Meta<typeof WalletSelector>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseDevice: Story = {};
export const ChooseDeviceOnLocalChain: Story = { args: { isLocalChain: true } };
export const ChooseAccount: Story = { args: { initialAccounts: { kind: 'sharded', accounts } } };
const shared = {
  title: 'Shared development accounts',
  hint: 'The embedded chain’s ten public accounts: anyone can read their keys.',
};
/** Local mode: the account's own development account with its balances, then the shared ones and who uses each. */
export const LocalDevelopmentAccounts: Story = {
  args: {
    isLocalChain: true,
    initialAccounts: {
      kind: 'local',
      accounts: [
        {
          address: '0x7512ee5B91059a6a5Ae00Fa619EA1d200Be35E1f',
          name: 'Your development account',
          hint: '10 ETH, 1,000,000 tUSD',
        },
        {
          address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          name: 'Dev account #0',
          hint: 'Used by demo@tranche.local',
          group: shared,
        },
        {
          address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          name: 'Dev account #1',
          hint: 'Not used by any account',
          group: shared,
        },
      ],
    },
  },
};
export const NoAccounts: Story = { args: { initialAccounts: { kind: 'browser', accounts: [] } } };
/** Nested overlay: the selector inside a dialog, as the transaction flows show it. */
export const InsideDialog: Story = {
  render: (args) => (
    <Dialog.Root defaultOpen>
      <Dialog.Content title="Connect your wallet">
        <WalletSelector {...args} />
      </Dialog.Content>
    </Dialog.Root>
  ),
};
