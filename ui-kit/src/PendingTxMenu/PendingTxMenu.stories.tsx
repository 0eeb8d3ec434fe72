import type { Meta, StoryObj } from '@storybook/react-vite';
import { pendingTxFixtures, storyNow } from '../PendingTxItem/fixtures.ts';
import { PendingTxMenu } from './PendingTxMenu.tsx';

const meta = {
  title: 'Domain/PendingTxMenu',
  component: PendingTxMenu,
  args: {
    transactions: pendingTxFixtures,
    now: storyNow,
    onApprove: () => {},
    onAbort: () => {},
    onView: () => {},
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-start', minHeight: 560 }}>
        {Story()}
      </div>
    ),
  ],
} satisfies Meta<typeof PendingTxMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
export const OneBusy: Story = { args: { defaultOpen: true, busyTxId: 12 } };
/** Nothing pending: the dropdown is not shown at all. */
export const Empty: Story = { args: { transactions: [] } };
/** With the link to the approvals inbox under the list (the console's dropdown). */
export const WithInboxLink: Story = { args: { defaultOpen: true, onOpenInbox: () => {} } };
