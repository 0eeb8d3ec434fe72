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
