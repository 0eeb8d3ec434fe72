import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApprovalCard } from './ApprovalCard.tsx';
import { approvalFixtures } from './fixtures.ts';

describe('ApprovalCard', () => {
  it('shows what needs the user: key, effect, pre-check, approvals, time left, Approve and Abort', async () => {
    const item = approvalFixtures.needsYou;
    const handlers = { onApprove: vi.fn(), onAbort: vi.fn() };
    render(<ApprovalCard item={item} {...handlers} />);
    const card = screen.getByRole('article', { name: '#41 Issue tokens' });
    expect(card).toHaveTextContent('Needs your approval');
    expect(card).toHaveTextContent('Key Treasury (0x9f3a…01bc)');
    expect(card).toHaveTextContent(
      'Issue 1,000 ABC to 0x1234567890aBcdEF1234567890ABCDef1234CdEf (Investor 12) on partition default',
    );
    expect(card).toHaveTextContent('total supply 10,000 → 11,000');
    expect(card).toHaveTextContent('Pre-check: would succeed if run now');
    expect(card).toHaveTextContent('1 of 2 approvals: alice');
    expect(card).toHaveTextContent('2 d 23 h left');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await userEvent.click(screen.getByRole('button', { name: 'Abort' }));
    expect(handlers.onApprove).toHaveBeenCalledWith(item);
    expect(handlers.onAbort).toHaveBeenCalledWith(item);
  });

  it('says what a whitelist replacement would change before Approve: holders by name, operations that would fail', () => {
    render(<ApprovalCard item={approvalFixtures.whatIf} onApprove={vi.fn()} onAbort={vi.fn()} />);
    const whatIf = screen.getByRole('region', { name: 'What-if' });
    expect(whatIf).toHaveTextContent(
      'What this would change: 1 holder would not be verified on the new whitelist; 1 queued or pending operation would fail',
    );
    expect(
      within(whatIf)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ben Franklin holds 20 and is not verified on the new whitelist: they could no longer receive or transfer tokens',
      'Bulk operation #7, row 3 would fail: the receiver is not verified on the new whitelist',
    ]);
    // Shown before the actions.
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(whatIf.compareDocumentPosition(approve) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says when nothing on the register would be out of bounds', () => {
    render(<ApprovalCard item={approvalFixtures.whatIfNothing} onApprove={vi.fn()} onAbort={vi.fn()} />);
    const whatIf = screen.getByRole('region', { name: 'What-if' });
    expect(whatIf).toHaveTextContent('Nothing on the register would be out of bounds');
    expect(within(whatIf).queryByRole('listitem')).toBeNull();
  });

  it('waiting for others: no Approve', () => {
    render(<ApprovalCard item={approvalFixtures.waiting} onApprove={vi.fn()} onAbort={vi.fn()} />);
    expect(screen.getByText('Waiting for others')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('marks expiring soon and would fail', () => {
    render(<ApprovalCard item={approvalFixtures.expiringSoon} onApprove={vi.fn()} onAbort={vi.fn()} />);
    expect(screen.getByText('Expiring soon')).toBeVisible();
    expect(screen.getByText('25 min left')).toBeVisible();
  });

  it('says why it would fail', () => {
    render(<ApprovalCard item={approvalFixtures.wouldFail} onApprove={vi.fn()} onAbort={vi.fn()} />);
    expect(screen.getByText('Would fail')).toBeVisible();
    expect(screen.getByText(/would fail now: execution reverted: Insufficient balance/)).toBeVisible();
  });

  it('names a right the key lacks beside a disabled Approve (issue 34)', () => {
    const line = 'The key 0x9f3a00000000000000000000000000000001bc does not hold Access Level 2';
    const item = approvalFixtures.needsYou;
    render(
      <ApprovalCard
        item={{ ...item, precheck: { ok: false, reason: 'not allowed', readiness: [line] } }}
        onApprove={vi.fn()}
        onAbort={vi.fn()}
      />,
    );
    expect(screen.getByText(line)).toBeVisible();
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(line);
  });

  it('the selected card is the one Tab reaches and reports focus', () => {
    const onSelect = vi.fn();
    render(
      <ApprovalCard
        item={approvalFixtures.needsYou}
        selected
        onApprove={vi.fn()}
        onAbort={vi.fn()}
        onSelect={onSelect}
      />,
    );
    const card = screen.getByRole('article');
    expect(card).toHaveAttribute('tabindex', '0');
    expect(card).toHaveAttribute('aria-current', 'true');
    card.focus();
    expect(onSelect).toHaveBeenCalled();
  });

  it("shows the initiator's comment, who has not approved, and the key's readiness (issue 37)", () => {
    render(<ApprovalCard item={approvalFixtures.commented} onApprove={vi.fn()} onAbort={vi.fn()} />);
    const card = screen.getByRole('article', { name: '#45 Issue tokens' });
    expect(card).toHaveTextContent('Comment: Second tranche of the November subscription');
    expect(card).toHaveTextContent(
      'Not approved yet: bob <bob@abc-fund.example>, carol <carol@abc-fund.example>',
    );
    const readiness = screen.getByRole('region', { name: 'Key readiness' });
    expect(readiness).toHaveTextContent('Gas: the key holds 0.482113 ETH');
    expect(readiness).toHaveTextContent('Right: the key holds Access Level 2');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('executed: the transaction and block link to the explorer, and no actions are offered', () => {
    const explorer = { urlTemplate: 'https://sepolia.etherscan.io/{kind}/{value}' };
    const item = approvalFixtures.executed;
    render(<ApprovalCard item={item} onApprove={vi.fn()} onAbort={vi.fn()} explorer={explorer} />);
    expect(screen.getByText('Completed')).toBeVisible();
    const outcome = screen.getByRole('region', { name: 'Outcome' });
    expect(outcome).toHaveTextContent('in block 18204311');
    expect(screen.getByRole('link', { name: /^0x5c504ed4/ })).toHaveAttribute(
      'href',
      `https://sepolia.etherscan.io/tx/${item.outcome?.txHash}`,
    );
    expect(screen.getByRole('link', { name: /^18204311/ })).toHaveAttribute(
      'href',
      'https://sepolia.etherscan.io/block/18204311',
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/Not approved yet/)).toBeNull();
  });

  it('executed and failed: the failure in words', () => {
    render(<ApprovalCard item={approvalFixtures.executedFailed} onApprove={vi.fn()} onAbort={vi.fn()} />);
    expect(screen.getByText('Failed', { exact: true })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Outcome' })).toHaveTextContent(
      'Failed: The contract refused it: Insufficient balance.',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
