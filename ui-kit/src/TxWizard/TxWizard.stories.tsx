import type { Meta, StoryObj } from '@storybook/react-vite';
import * as Dialog from '../Dialog/Dialog.tsx';
import { WalletSelector } from '../WalletSelector/WalletSelector.tsx';
import { TxWizard, txWizardStates } from './TxWizard.tsx';

const hash = '0x8f1a7d2c49b01cbe9e04a7e1b4d52f1d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c';

const meta = {
  title: 'Domain/TxWizard',
  component: TxWizard,
  args: {
    state: 'submitting',
    hash,
    explorer: { urlTemplate: 'https://sepolia.etherscan.io/{kind}/{value}' },
    onContinue: () => {},
    onGoBack: () => {},
  },
  argTypes: { state: { control: 'select', options: txWizardStates } },
  parameters: { screenshot: { pauseAnimations: true } },
} satisfies Meta<typeof TxWizard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Submitting: Story = {};
export const Submitted: Story = { args: { state: 'submitted' } };
export const Mined: Story = { args: { state: 'mined', blockNumber: 1234567 } };
export const MinedOnLocalChain: Story = {
  args: { state: 'mined', blockNumber: 42, explorer: { isLocal: true } },
};
export const ErrorState: Story = { name: 'Error', args: { state: 'error', errorMessage: 'Invalid inputs.' } };
export const Aborted: Story = { args: { state: 'aborted' } };
export const DeploymentStarting: Story = {
  args: { state: 'submitting', progress: { draftStatus: null, issued: 0, investors: 4 } },
};
export const DeploymentDeploying: Story = {
  args: { state: 'submitted', progress: { draftStatus: 1, issued: 0, investors: 4 } },
};
export const DeploymentIssuing: Story = {
  args: {
    state: 'mined',
    blockNumber: 88,
    progress: { draftStatus: 2, contractAddress: '0xabc', issued: 2, investors: 4 },
  },
};
/** Nested overlays: wallet selection, then the wizard, inside one dialog. */
export const WalletThenWizardInDialog: Story = {
  render: (args) => (
    <Dialog.Root defaultOpen>
      <Dialog.Content title="Issue tokens">
        <WalletSelector onConnect={async () => []} onSelectAccount={() => {}} onCancel={() => {}} />
        <TxWizard {...args} state="submitted" />
      </Dialog.Content>
    </Dialog.Root>
  ),
};
