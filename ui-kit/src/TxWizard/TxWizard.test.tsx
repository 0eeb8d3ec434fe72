import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TxWizard } from './TxWizard.tsx';

const hash = '0x8f1a7d2c49b01cbe9e04a7e1b4d52f1d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c';
const explorer = { urlTemplate: 'https://sepolia.etherscan.io/{kind}/{value}' };

describe('TxWizard', () => {
  it('shows the submitted hash with an explorer link and Continue', async () => {
    const onContinue = vi.fn();
    render(<TxWizard state="submitted" hash={hash} explorer={explorer} onContinue={onContinue} />);
    expect(screen.getByText('Transaction submitted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: new RegExp(`^${hash}.*opens in a new tab`) })).toHaveAttribute(
      'href',
      `https://sepolia.etherscan.io/tx/${hash}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sounds good. Continue.' }));
    expect(onContinue).toHaveBeenCalled();
  });

  it('shows the block number of a mined transaction, linked locally on a local chain', () => {
    render(<TxWizard state="mined" hash={hash} blockNumber={42} explorer={{ isLocal: true }} />);
    expect(screen.getByText('Transaction mined')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '42' })).toHaveAttribute('href', '/local/block/42');
    expect(screen.getByRole('link', { name: hash })).toHaveAttribute('href', `/local/tx/${hash}`);
  });

  it('shows errors and aborts with Go back', async () => {
    const onGoBack = vi.fn();
    const { rerender } = render(
      <TxWizard state="error" errorMessage="Invalid inputs." explorer={explorer} onGoBack={onGoBack} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid inputs.');
    rerender(<TxWizard state="aborted" explorer={explorer} onGoBack={onGoBack} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Transaction aborted.');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(onGoBack).toHaveBeenCalled();
  });

  it('shows the deployment progress bar', () => {
    render(
      <TxWizard
        state="mined"
        explorer={explorer}
        progress={{ draftStatus: 2, contractAddress: '0x1', issued: 1, investors: 3 }}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Deployment progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
  });
});
