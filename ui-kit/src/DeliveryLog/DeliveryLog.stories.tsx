import type { Meta, StoryObj } from '@storybook/react-vite';
import { DeliveryLog } from './DeliveryLog.tsx';
import { deliveryFixtures } from './fixtures.ts';

const meta = {
  title: 'Domain/DeliveryLog',
  component: DeliveryLog,
  args: { deliveries: deliveryFixtures, onReplay: () => {} },
} satisfies Meta<typeof DeliveryLog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithRetries: Story = {};
export const Replaying: Story = { args: { replayingId: 10 } };
export const Failed: Story = {
  args: {
    deliveries: [
      {
        id: 1,
        eventId: 'evt_9Zz',
        eventType: 'dtx.failed',
        attempt: 12,
        status: 'failed',
        statusCode: 404,
        attemptedOn: '2026-11-24T14:00:00.000Z',
        error: 'Gave up after 24 h: HTTP 404',
      },
    ],
  },
};
export const Empty: Story = { args: { deliveries: [] } };
