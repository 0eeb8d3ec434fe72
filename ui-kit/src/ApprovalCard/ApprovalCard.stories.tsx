import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApprovalCard } from './ApprovalCard.tsx';
import { approvalFixtures } from './fixtures.ts';

const meta = {
  title: 'Domain/ApprovalCard',
  component: ApprovalCard,
  args: { item: approvalFixtures.needsYou, onApprove: () => {}, onAbort: () => {} },
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof ApprovalCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NeedsYou: Story = {};
export const Selected: Story = { args: { selected: true } };
export const Waiting: Story = { args: { item: approvalFixtures.waiting } };
export const ExpiringSoon: Story = { args: { item: approvalFixtures.expiringSoon } };
export const WouldFail: Story = { args: { item: approvalFixtures.wouldFail } };
export const Busy: Story = { args: { busy: true } };
export const WhatIf: Story = { args: { item: approvalFixtures.whatIf } };
export const WhatIfNothing: Story = { args: { item: approvalFixtures.whatIfNothing } };
/** The initiator's comment, the signers who have not approved yet, and the key's readiness (gas and rights) line. */
export const WithCommentAndSigners: Story = { args: { item: approvalFixtures.commented } };
/** The key's readiness line when it is not ready: gas short, the right unknown. */
export const KeyNotReady: Story = { args: { item: approvalFixtures.keyNotReady } };
/** A right the key lacks (issue 34): said beside Approve, which is disabled. */
export const KeyLacksRight: Story = { args: { item: approvalFixtures.keyLacksRight } };
/** Executed: the transaction and block, linked to the explorer. */
export const Executed: Story = {
  args: {
    item: approvalFixtures.executed,
    explorer: { urlTemplate: 'https://sepolia.etherscan.io/{kind}/{value}' },
  },
};
/** Executed and failed: the outcome and the failure in words. */
export const ExecutedAndFailed: Story = {
  args: {
    item: approvalFixtures.executedFailed,
    explorer: { urlTemplate: 'https://sepolia.etherscan.io/{kind}/{value}' },
  },
};
