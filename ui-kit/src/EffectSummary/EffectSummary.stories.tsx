import type { Meta, StoryObj } from '@storybook/react-vite';
import { EffectSummary } from './EffectSummary.tsx';

const meta = {
  title: 'Domain/EffectSummary',
  component: EffectSummary,
  args: {
    effect:
      'Issue 1,000 ABC to 0x1234567890aBcdEF1234567890ABCDef1234CdEf (Investor 12) on partition default: total supply 10,000 → 11,000; holders 57 → 58',
    precheck: { ok: true, reason: '' },
  },
  decorators: [(Story) => <div style={{ maxWidth: 520 }}>{Story()}</div>],
} satisfies Meta<typeof EffectSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WouldSucceed: Story = {};
export const WouldFail: Story = {
  args: {
    effect:
      'Redeem 5,000 ABC from 0x9F3a0000000000000000000000000000000001Bc on partition default (the key holds 1,200 there): total supply 10,000 → 5,000; holders 57 → 56',
    precheck: { ok: false, reason: 'execution reverted: Insufficient balance' },
  },
};
export const WithoutFigures: Story = {
  args: {
    effect:
      'Reshard key Treasury (0x9F3a0000000000000000000000000000000001Bc) to 3 of 5 signers: a@example.com, b@example.com',
  },
};
