import type { Meta, StoryObj } from '@storybook/react-vite';
import { pendingTxFixtures, storyNow } from './fixtures.ts';
import { PendingTxItem } from './PendingTxItem.tsx';

const meta = {
  title: 'Domain/PendingTxItem',
  component: PendingTxItem,
  args: {
    tx: pendingTxFixtures[0]!,
    now: storyNow,
    onApprove: () => {},
    onAbort: () => {},
    onView: () => {},
  },
  decorators: [(Story) => <div style={{ maxWidth: 380, paddingTop: 40 }}>{Story()}</div>],
} satisfies Meta<typeof PendingTxItem>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WaitingForApprovers: Story = {};
export const FullySigned: Story = { args: { tx: pendingTxFixtures[1]! } };
export const Busy: Story = { args: { busy: true } };
export const WithoutToken: Story = {
  args: { tx: { ...pendingTxFixtures[0]!, token: null, signers: [], currentApprovers: 0 } },
};
