import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { howToFixText, NetworkStatus } from './NetworkStatus.tsx';

const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('NetworkStatus', () => {
  it('shows the network and address; the address opens the wallet selector', async () => {
    const onChangeWallet = vi.fn();
    render(
      <NetworkStatus
        connection={{ networkName: 'Rinkeby', address }}
        registered
        onChangeWallet={onChangeWallet}
      />,
    );
    expect(screen.getByText(/Connected to Rinkeby as/)).toHaveTextContent(
      `Connected to Rinkeby as ${checksummed}`,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: checksummed }));
    expect(onChangeWallet).toHaveBeenCalled();
  });

  it('offers Not connected without a wallet', async () => {
    const onChangeWallet = vi.fn();
    render(<NetworkStatus connection={null} onChangeWallet={onChangeWallet} />);
    await userEvent.click(screen.getByRole('button', { name: 'Not connected' }));
    expect(onChangeWallet).toHaveBeenCalled();
  });

  it('warns about an unregistered address with a How to fix this? link to /Keys and a tooltip', async () => {
    render(
      <NetworkStatus
        connection={{ networkName: 'Local', address }}
        registered={false}
        onChangeWallet={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      `The address ${checksummed} is not registered in our platform.`,
    );
    const howTo = screen.getByRole('link', { name: 'How to fix this?' });
    expect(howTo).toHaveAttribute('href', '/Keys');
    expect(howToFixText).not.toContain('(/Keys)');
    howTo.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(howToFixText);
    expect(howTo).toHaveAccessibleDescription(howToFixText);
  });
});
