import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { walletAccountLabel, WalletSelector } from './WalletSelector.tsx';

const accounts = [
  { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
  { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', name: 'Treasury key' },
];

describe('WalletSelector', () => {
  it('asks for the type of wallet before connecting', async () => {
    const onConnect = vi.fn(async () => accounts);
    render(<WalletSelector onConnect={onConnect} onSelectAccount={() => {}} onCancel={() => {}} />);
    expect(
      screen.getByRole('group', { name: 'What kind of device would you like to use?' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Local development account' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select the type of wallet.');
    expect(onConnect).not.toHaveBeenCalled();
  });

  it('connects, lists accounts and keeps Select Account disabled until one is chosen', async () => {
    const user = userEvent.setup();
    const onSelectAccount = vi.fn();
    render(
      <WalletSelector
        isLocalChain
        onConnect={async () => accounts}
        onSelectAccount={onSelectAccount}
        onCancel={() => {}}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'Use a Sharded Key' }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('group', { name: 'Select your Wallet Account' })).toBeInTheDocument();
    const select = screen.getByRole('button', { name: 'Select Account' });
    expect(select).toBeDisabled();
    await user.click(
      screen.getByRole('radio', { name: 'Treasury key - 0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }),
    );
    expect(select).toBeEnabled();
    await user.click(select);
    expect(onSelectAccount).toHaveBeenCalledWith(accounts[1], 'sharded');
  });

  it('shows the connection error and the no-accounts message; Go back returns to step 1', async () => {
    const user = userEvent.setup();
    const onConnect = vi
      .fn()
      .mockRejectedValueOnce(new Error('User denied access to their Ethereum account.'))
      .mockResolvedValueOnce([]);
    const onCancel = vi.fn();
    render(<WalletSelector onConnect={onConnect} onSelectAccount={() => {}} onCancel={onCancel} />);
    await user.click(screen.getByRole('radio', { name: 'Browser wallet (MetaMask or compatible)' }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('User denied access to their Ethereum account.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('No Ethereum accounts available.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select Account' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('labels accounts as name - address only when they differ', () => {
    expect(walletAccountLabel({ address: '0xAbC', name: '0xabc' })).toBe('0xAbC');
    expect(walletAccountLabel({ address: '0xAbC', name: 'Ops' })).toBe('Ops - 0xAbC');
  });

  it('lists the accounts without a group first, then each group under its title with its hint', async () => {
    const user = userEvent.setup();
    const onSelectAccount = vi.fn();
    const shared = { title: 'Shared development accounts', hint: 'Anyone can read their keys.' };
    const local = [
      {
        address: '0x7512ee5B91059a6a5Ae00Fa619EA1d200Be35E1f',
        name: 'Your development account',
        hint: '10 ETH',
      },
      { address: accounts[0]?.address ?? '', name: 'Dev account #0', hint: 'Used by demo', group: shared },
      { address: accounts[1]?.address ?? '', name: 'Dev account #1', hint: 'Not used', group: shared },
    ];
    render(
      <WalletSelector
        isLocalChain
        initialAccounts={{ kind: 'local', accounts: local }}
        onConnect={async () => local}
        onSelectAccount={onSelectAccount}
        onCancel={() => {}}
      />,
    );
    const own = screen.getByRole('group', { name: 'Select your Wallet Account' });
    const ownRadio = within(own).getByRole('radio');
    expect(ownRadio).toHaveAccessibleName(`Your development account - ${local[0]?.address}`);
    expect(ownRadio).toHaveAccessibleDescription('10 ETH');
    const group = screen.getByRole('group', { name: 'Shared development accounts' });
    expect(group).toHaveAccessibleDescription('Anyone can read their keys.');
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      accounts[0]?.address,
      accounts[1]?.address,
    ]);
    expect(radios[0]).toHaveAccessibleDescription('Used by demo');
    // One choice across the groups.
    await user.click(radios[1] as HTMLElement);
    await user.click(ownRadio);
    expect(radios[1]).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Select Account' }));
    expect(onSelectAccount).toHaveBeenCalledWith(local[0], 'local');
  });

  it('still asks the question when every account has a group', () => {
    const group = { title: 'Shared development accounts' };
    render(
      <WalletSelector
        initialAccounts={{ kind: 'local', accounts: [{ address: accounts[0]?.address ?? '', group }] }}
        onConnect={async () => []}
        onSelectAccount={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByText('Select your Wallet Account')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Shared development accounts' })).toBeInTheDocument();
  });
});
