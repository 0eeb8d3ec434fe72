import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as DropdownMenu from './DropdownMenu.tsx';

describe('DropdownMenu', () => {
  it('opens from the keyboard, moves with the arrow keys, selects with Enter and closes', async () => {
    const onSignOut = vi.fn();
    render(
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>My Account</DropdownMenu.Trigger>
        <DropdownMenu.Content aria-label="My Account">
          <DropdownMenu.Item>My Keys</DropdownMenu.Item>
          <DropdownMenu.Item>My transactions</DropdownMenu.Item>
          <DropdownMenu.Item onSelect={onSignOut}>Sign Out</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>,
    );
    const trigger = screen.getByRole('button', { name: 'My Account' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu', { name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'My Keys' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Escape and gives the focus back to its trigger', async () => {
    render(
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>Reports</DropdownMenu.Trigger>
        <DropdownMenu.Content aria-label="Reports">
          <DropdownMenu.Item>Balance by Partition</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>,
    );
    const trigger = screen.getByRole('button', { name: 'Reports' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menuitem', { name: 'Balance by Partition' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('offers a choice as radio items: the chosen one is checked, Enter chooses another', async () => {
    const onValueChange = vi.fn();
    render(
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>My Account</DropdownMenu.Trigger>
        <DropdownMenu.Content aria-label="My Account">
          <DropdownMenu.Label id="theme-label">Theme</DropdownMenu.Label>
          <DropdownMenu.RadioGroup aria-labelledby="theme-label" value="system" onValueChange={onValueChange}>
            <DropdownMenu.RadioItem value="system">System</DropdownMenu.RadioItem>
            <DropdownMenu.RadioItem value="dark">Dark</DropdownMenu.RadioItem>
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Root>,
    );
    screen.getByRole('button', { name: 'My Account' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('group', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('dark');
  });
});
