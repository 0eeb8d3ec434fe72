import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pendingTxFixtures, storyNow } from '../PendingTxItem/fixtures.ts';
import { PendingTxMenu } from './PendingTxMenu.tsx';

const noop = () => {};

describe('PendingTxMenu', () => {
  it('is hidden when nothing is pending', () => {
    const { container } = render(
      <PendingTxMenu transactions={[]} onApprove={noop} onAbort={noop} onView={noop} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the count, reports opening (to refresh) and lists the transactions', async () => {
    const onOpenChange = vi.fn();
    render(
      <PendingTxMenu
        transactions={pendingTxFixtures}
        now={storyNow}
        onApprove={noop}
        onAbort={noop}
        onView={noop}
        onOpenChange={onOpenChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: '2 Transactions' }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('article', { name: '#12 pause trading' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '#13 issue tokens' })).toBeInTheDocument();
  });

  it('opens the approvals inbox from under the list, closing the dropdown', async () => {
    const onOpenInbox = vi.fn();
    render(
      <PendingTxMenu
        transactions={pendingTxFixtures}
        now={storyNow}
        onApprove={noop}
        onAbort={noop}
        onView={noop}
        onOpenInbox={onOpenInbox}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: '2 Transactions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open the approvals inbox' }));
    expect(onOpenInbox).toHaveBeenCalled();
    expect(screen.queryByRole('article', { name: '#12 pause trading' })).toBeNull();
  });
});
