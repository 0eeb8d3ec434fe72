import type { Meta, StoryObj } from '@storybook/react-vite';
import { AccessRightsTable, accessRightDisabledReasons } from './AccessRightsTable.tsx';

const meta = {
  title: 'Domain/AccessRightsTable',
  component: AccessRightsTable,
  args: {
    values: { OP: true, L1: false, L2: true },
    onApply: () => {},
    caption: 'Access rights of 0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  },
} satisfies Meta<typeof AccessRightsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Owner: Story = {};
export const SecurityManagerOnly: Story = {
  args: { disabledReasons: { OP: accessRightDisabledReasons.notOwner } },
};
export const NoRights: Story = {
  args: {
    values: { OP: false, L1: false, L2: false },
    disabledReasons: {
      OP: accessRightDisabledReasons.notOwner,
      L1: accessRightDisabledReasons.notSecurityManager,
      L2: accessRightDisabledReasons.notSecurityManager,
    },
  },
};
export const Applying: Story = { args: { busy: true } };
