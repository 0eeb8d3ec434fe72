import type { Meta, StoryObj } from '@storybook/react-vite';
import { ClaimCard } from './ClaimCard.tsx';

const meta = {
  title: 'Data/ClaimCard',
  component: ClaimCard,
  args: {
    symbol: 'ACME30',
    distributionId: 7,
    amount: '333333333',
    assetSymbol: 'tUSD',
    assetDecimals: 6,
    deadline: '2030-06-30T12:00:00Z',
    state: 'open',
    onClaim: () => undefined,
  },
} satisfies Meta<typeof ClaimCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Claiming: Story = { args: { state: 'claiming' } };
export const Claimed: Story = { args: { state: 'claimed' } };
export const Expired: Story = { args: { state: 'expired' } };
export const Refused: Story = {
  args: { state: 'error', errorMessage: 'This payment has been claimed already' },
};
