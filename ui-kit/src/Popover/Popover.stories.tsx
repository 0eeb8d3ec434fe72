import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import { Text } from '../Text/Text.tsx';
import * as Popover from './Popover.tsx';

const meta = { title: 'Overlays/Popover', component: Popover.Root } satisfies Meta<typeof Popover.Root>;
export default meta;
type Story = StoryObj<typeof meta>;

const Example = ({ defaultOpen }: { defaultOpen: boolean }) => (
  <Popover.Root defaultOpen={defaultOpen}>
    <Popover.Trigger asChild>
      <Button variant="secondary">My Account</Button>
    </Popover.Trigger>
    <Popover.Content aria-label="My Account" align="start">
      <Text size="small">Signed in as issuer@example.com</Text>
    </Popover.Content>
  </Popover.Root>
);

export const Closed: Story = { render: () => <Example defaultOpen={false} /> };
export const Open: Story = { render: () => <Example defaultOpen /> };
