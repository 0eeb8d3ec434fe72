import { render, screen } from '@testing-library/react';
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
});
