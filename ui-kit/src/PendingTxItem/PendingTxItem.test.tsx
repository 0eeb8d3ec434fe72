import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pendingTxFixtures, storyNow } from './fixtures.ts';
import { PendingTxItem } from './PendingTxItem.tsx';

describe('PendingTxItem', () => {
  it('shows id, type, time ago, token, starter and approvals with signers', async () => {
    const tx = pendingTxFixtures[1]!;
    const handlers = { onApprove: vi.fn(), onAbort: vi.fn(), onView: vi.fn() };
    render(<PendingTxItem tx={tx} now={storyNow} {...handlers} />);
    const item = screen.getByRole('article', { name: '#13 issue tokens' });
    expect(item).toHaveTextContent('5 hours ago');
    expect(item).toHaveTextContent('BND30 Municipal bond 2030');
    expect(item).toHaveTextContent('Started by bob@example.com');
    screen.getByText('3/3').focus();
    await screen.findByRole('tooltip');
    expect(screen.getByText('3/3')).toHaveAccessibleDescription(
      'Signed by bob@example.com, carol@example.com and dave@example.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await userEvent.click(screen.getByRole('button', { name: 'Abort' }));
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(handlers.onApprove).toHaveBeenCalledWith(tx);
    expect(handlers.onAbort).toHaveBeenCalledWith(tx);
    expect(handlers.onView).toHaveBeenCalledWith(tx);
  });
});
