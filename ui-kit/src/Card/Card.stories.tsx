import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import { Text } from '../Text/Text.tsx';
import { Card } from './Card.tsx';

const meta = {
  title: 'Layout/Card',
  component: Card,
  args: {
    title: 'Blockchain security',
    children: <Text>Security schemes define who may whitelist, issue and redeem.</Text>,
  },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithTitle: Story = {};
export const WithActions: Story = { args: { actions: <Button size="small">Refresh</Button> } };
export const Plain: Story = { args: { title: undefined } };
