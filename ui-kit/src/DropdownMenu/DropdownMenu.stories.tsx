import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import * as DropdownMenu from './DropdownMenu.tsx';

const meta = { title: 'Overlays/DropdownMenu', component: DropdownMenu.Root } satisfies Meta<
  typeof DropdownMenu.Root
>;
export default meta;
type Story = StoryObj<typeof meta>;

const AccountMenu = ({ defaultOpen }: { defaultOpen: boolean }) => (
  <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
    <DropdownMenu.Trigger asChild>
      <Button variant="secondary">My Account ▾</Button>
    </DropdownMenu.Trigger>
    <DropdownMenu.Content aria-label="My Account">
      <DropdownMenu.Item asChild>
        <a href="/Keys">My Keys</a>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild>
        <a href="/Sharding">Sharded keys</a>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild>
        <a href="/TransactionHistory">My transactions</a>
      </DropdownMenu.Item>
      <DropdownMenu.Separator />
      <DropdownMenu.Item onSelect={() => {}}>Sign Out</DropdownMenu.Item>
    </DropdownMenu.Content>
  </DropdownMenu.Root>
);

export const Closed: Story = { render: () => <AccountMenu defaultOpen={false} /> };
export const Open: Story = { render: () => <AccountMenu defaultOpen /> };
