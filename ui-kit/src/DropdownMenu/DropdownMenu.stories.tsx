import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
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

/** A choice inside the menu: the console's theme (System, Light, Dark) in My Account. */
const ThemeChoice = () => {
  const [value, setValue] = useState('system');
  return (
    <DropdownMenu.Root defaultOpen modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary">My Account ▾</Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content aria-label="My Account">
        <DropdownMenu.Item asChild>
          <a href="/Keys">My Keys</a>
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Label id="story-theme-label">Theme</DropdownMenu.Label>
        <DropdownMenu.RadioGroup aria-labelledby="story-theme-label" value={value} onValueChange={setValue}>
          <DropdownMenu.RadioItem value="system">System</DropdownMenu.RadioItem>
          <DropdownMenu.RadioItem value="light">Light</DropdownMenu.RadioItem>
          <DropdownMenu.RadioItem value="dark">Dark</DropdownMenu.RadioItem>
        </DropdownMenu.RadioGroup>
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={() => {}}>Sign Out</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
};

export const WithChoice: Story = { render: () => <ThemeChoice /> };
