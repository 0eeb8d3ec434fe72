import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { exampleInvestorMessages } from './fixtures.ts';
import { InvestorTableEditor } from './InvestorTableEditor.tsx';

const meta = {
  title: 'Domain/InvestorTableEditor',
  component: InvestorTableEditor,
  args: {
    investors: [{ publicAddress: '', amount: '' }],
    onChange: () => {},
    messages: exampleInvestorMessages,
  },
  render: function Render(args) {
    const [investors, setInvestors] = useState(args.investors);
    return <InvestorTableEditor {...args} investors={investors} onChange={setInvestors} />;
  },
} satisfies Meta<typeof InvestorTableEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = {
  args: {
    investors: [
      { publicAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', amount: '1000' },
      { publicAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '250' },
    ],
  },
};
export const WithRowErrors: Story = {
  args: {
    investors: [
      { publicAddress: '0x123', amount: '0' },
      { publicAddress: '', amount: '5' },
    ],
    rowErrors: [
      {
        publicAddress: 'The public address of the investor is invalid',
        amount: 'The investment amount must be greater than zero',
      },
      { publicAddress: 'The public address of the investor is required' },
    ],
  },
};
export const Disabled: Story = { args: { disabled: true } };
