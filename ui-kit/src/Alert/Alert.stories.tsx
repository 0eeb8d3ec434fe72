import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Alert, alertTones } from './Alert.tsx';

const meta = {
  title: 'Feedback/Alert',
  component: Alert,
  args: {
    tone: 'primary',
    title: 'No tokens found',
    children: 'We could not find any tokens matching your search criteria',
  },
  argTypes: { tone: { control: 'select', options: alertTones } },
} satisfies Meta<typeof Alert>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Success: Story = {
  args: { tone: 'success', title: 'Transaction approved', children: undefined },
};
export const Warning: Story = {
  args: { tone: 'warning', title: 'Already paused', children: 'Trading on this token is paused already' },
};
export const Danger: Story = {
  args: { tone: 'danger', title: 'Validation error', children: 'The wallet address specified is invalid' },
};
export const Dismissible: Story = {
  args: {
    tone: 'primary',
    title: 'The data below lives in your local environment only',
    children:
      'This link is not available on the public explorer because the UI points to a local environment.',
    onDismiss: () => {},
  },
};
export const WithActions: Story = {
  args: {
    tone: 'danger',
    title: 'Error',
    children: 'Failed to get the nonce.',
    actions: <Button variant="secondary">Go back</Button>,
  },
};
export const AllTones: Story = {
  render: () => (
    <Stack>
      {alertTones.map((tone) => (
        <Alert key={tone} tone={tone} title={`${tone} title`} onDismiss={() => {}}>
          A longer text for the {tone} alert that wraps on narrow screens without overflowing its box.
        </Alert>
      ))}
    </Stack>
  ),
};
