import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClaimCard, type ClaimCardProps } from './ClaimCard.tsx';

const base: ClaimCardProps = {
  symbol: 'ACME30',
  distributionId: 7,
  amount: '333333333',
  assetSymbol: 'tUSD',
  assetDecimals: 6,
  deadline: '2030-06-30T12:00:00Z',
  state: 'open',
};

describe('ClaimCard', () => {
  it('shows what the wallet is owed, exactly, and claims on Claim', async () => {
    const onClaim = vi.fn();
    render(<ClaimCard {...base} onClaim={onClaim} />);
    const card = screen.getByRole('region', { name: 'ACME30 distribution #7' });
    expect(card).toHaveTextContent('You are owed: 333.333333 tUSD');
    expect(card).toHaveTextContent('Open');
    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(onClaim).toHaveBeenCalledOnce();
  });

  it('words each state: claiming is busy, claimed and expired offer no Claim, a refusal says why', () => {
    const { rerender } = render(<ClaimCard {...base} state="claiming" />);
    expect(screen.getByRole('button', { name: /Claiming/ })).toHaveAttribute('aria-busy', 'true');
    rerender(<ClaimCard {...base} state="claimed" />);
    expect(screen.queryByRole('button', { name: 'Claim' })).toBeNull();
    // Nothing is owed any more: the amount is what was paid.
    expect(screen.getByRole('region', { name: 'ACME30 distribution #7' })).toHaveTextContent(
      'Paid to you: 333.333333 tUSD',
    );
    expect(screen.getByRole('region', { name: 'ACME30 distribution #7' })).not.toHaveTextContent(
      'You are owed',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Paid to your wallet.');
    rerender(<ClaimCard {...base} state="expired" />);
    expect(screen.queryByRole('button', { name: 'Claim' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('The claim deadline has passed');
    rerender(<ClaimCard {...base} state="error" errorMessage="This payment has been claimed already" />);
    expect(screen.getByRole('alert')).toHaveTextContent('This payment has been claimed already');
    expect(screen.getByRole('button', { name: 'Claim' })).toBeEnabled();
  });
});
