import type { ApprovalItem } from '@tranche/api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApprovalsInbox } from './ApprovalsPage.tsx';

function item(txId: number, approvedByMe: boolean): ApprovalItem {
  return {
    txId,
    txType: 4,
    txTypeName: 'Issue tokens',
    key: { address: `0x${String(txId).padStart(40, '0')}`, name: `Key ${txId}` },
    token: { symbol: 'ABC', name: 'ABC Fund', contractAddress: `0x${'ab'.repeat(20)}` },
    effect: `Issue ${txId} ABC to 0x1234567890AbcdEF1234567890aBcdef12345678 on partition default`,
    precheck: { ok: true, reason: '' },
    startedBy: approvedByMe ? 'me' : 'alice',
    startedOn: '2026-11-23T10:00:00.000Z',
    requiredApprovers: 2,
    approvals: [{ signedBy: approvedByMe ? 'me' : 'alice', signedOn: '2026-11-23T10:00:00.000Z' }],
    approvedByMe,
    notApproved: [{ name: 'bob', emailAddress: 'bob@example.com' }],
    comment: null,
    readiness: {
      gas: { ok: true, text: 'Gas: the key holds 1.000000 ETH' },
      rights: { ok: true, text: 'Right: the key holds Access Level 2' },
    },
    outcome: null,
    expiresOn: '2026-11-26T10:00:00.000Z',
    secondsLeft: 72 * 3600,
  };
}

// More operations than the first paint renders (the rest follow in a deferred render).
const needsYou = Array.from({ length: 30 }, (_, i) => item(i + 1, false));
const waiting = Array.from({ length: 10 }, (_, i) => item(101 + i, true));

describe('ApprovalsInbox', () => {
  it('lists every operation in its section, and the keys walk past the first screenful', async () => {
    const onApprove = vi.fn();
    const onAbort = vi.fn();
    render(
      <ApprovalsInbox
        data={{ needsYou, waiting, finished: [] }}
        keysEnabled
        onApprove={onApprove}
        onAbort={onAbort}
      />,
    );
    const needs = screen.getByRole('region', { name: 'Needs your approval' });
    const others = screen.getByRole('region', { name: 'Waiting for others' });
    expect(within(needs).getByRole('heading', { name: 'Needs your approval (30)' })).toBeVisible();
    expect(within(others).getByRole('heading', { name: 'Waiting for others (10)' })).toBeVisible();
    expect(await within(needs).findAllByRole('article')).toHaveLength(30);
    expect(await within(others).findAllByRole('article')).toHaveLength(10);

    // j 29 times: the last card needing the user is selected and focused; a approves it.
    const user = userEvent.setup();
    for (let press = 0; press < 29; press += 1) await user.keyboard('j');
    const last = screen.getByRole('article', { name: '#30 Issue tokens' });
    expect(last).toHaveAttribute('aria-current', 'true');
    expect(last).toHaveFocus();
    expect(screen.getAllByRole('article').filter((card) => card.getAttribute('aria-current'))).toHaveLength(
      1,
    );
    await user.keyboard('a');
    expect(onApprove).toHaveBeenCalledTimes(1);
    expect(onApprove.mock.calls[0]?.[0]).toMatchObject({ txId: 30 });

    // Into the operations the user approved already: a does nothing, x aborts; k goes back; j stops at the end.
    await user.keyboard('j');
    expect(screen.getByRole('article', { name: '#101 Issue tokens' })).toHaveFocus();
    await user.keyboard('a');
    expect(onApprove).toHaveBeenCalledTimes(1);
    await user.keyboard('x');
    expect(onAbort.mock.calls[0]?.[0]).toMatchObject({ txId: 101 });
    await user.keyboard('k');
    expect(last).toHaveFocus();
    for (let press = 0; press < 15; press += 1) await user.keyboard('j');
    expect(screen.getByRole('article', { name: '#110 Issue tokens' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('focusing a card selects it, and the keys go on from there', async () => {
    const onApprove = vi.fn();
    render(
      <ApprovalsInbox
        data={{ needsYou, waiting, finished: [] }}
        keysEnabled
        onApprove={onApprove}
        onAbort={vi.fn()}
      />,
    );
    expect(await screen.findAllByRole('article')).toHaveLength(40);
    const user = userEvent.setup();
    screen.getByRole('article', { name: '#20 Issue tokens' }).focus();
    await user.keyboard('j');
    expect(screen.getByRole('article', { name: '#21 Issue tokens' })).toHaveFocus();
    await user.keyboard('a');
    expect(onApprove.mock.calls[0]?.[0]).toMatchObject({ txId: 21 });
  });

  it('the keys are off while a dialog is open', async () => {
    const onApprove = vi.fn();
    render(
      <ApprovalsInbox
        data={{ needsYou, waiting, finished: [] }}
        keysEnabled={false}
        onApprove={onApprove}
        onAbort={vi.fn()}
      />,
    );
    await userEvent.keyboard('a');
    expect(onApprove).not.toHaveBeenCalled();
  });

  it("names who has not approved, the initiator's comment, the key's readiness, and each finished operation's outcome", async () => {
    const pending: ApprovalItem = {
      ...item(7, false),
      comment: 'Quarterly issue for the fund, agreed on Monday',
      notApproved: [
        { name: 'bob', emailAddress: 'bob@example.com' },
        { name: 'carol', emailAddress: 'carol@example.com' },
      ],
      readiness: {
        gas: { ok: false, text: 'Gas: the key holds 0.000000 ETH, not enough to pay for this operation' },
        rights: { ok: false, text: 'Right: the key lacks Access Level 2, which this operation needs' },
      },
    };
    const hash = `0x${'ab'.repeat(32)}`;
    const executed: ApprovalItem = {
      ...item(8, true),
      secondsLeft: null,
      expiresOn: null,
      notApproved: [],
      outcome: {
        txStatus: 3,
        txStatusName: 'Completed',
        txHash: hash,
        blockNumber: 42,
        failure: null,
        finishedOn: null,
      },
    };
    const failed: ApprovalItem = {
      ...item(9, true),
      secondsLeft: null,
      expiresOn: null,
      notApproved: [],
      outcome: {
        txStatus: 4,
        txStatusName: 'Failed',
        txHash: null,
        blockNumber: null,
        failure: 'Your wallet address is not allowed to issue new tokens',
        finishedOn: null,
      },
    };
    render(
      <ApprovalsInbox
        data={{ needsYou: [pending], waiting: [], finished: [executed, failed] }}
        keysEnabled
        onApprove={vi.fn()}
        onAbort={vi.fn()}
        explorer={{ isLocal: true }}
      />,
    );
    const card = screen.getByRole('article', { name: '#7 Issue tokens' });
    expect(card).toHaveTextContent('Comment: Quarterly issue for the fund, agreed on Monday');
    expect(card).toHaveTextContent('Not approved yet: bob <bob@example.com>, carol <carol@example.com>');
    const readiness = within(card).getByRole('region', { name: 'Key readiness' });
    expect(readiness).toHaveTextContent(
      'Gas: the key holds 0.000000 ETH, not enough to pay for this operation',
    );
    expect(readiness).toHaveTextContent('Right: the key lacks Access Level 2, which this operation needs');

    const finished = screen.getByRole('region', { name: 'Executed and failed' });
    expect(within(finished).getByRole('heading', { name: 'Executed and failed (2)' })).toBeVisible();
    const done = within(finished).getByRole('article', { name: '#8 Issue tokens' });
    expect(within(done).getByText('Completed')).toBeVisible();
    expect(within(done).getByRole('link', { name: hash })).toHaveAttribute('href', `/local/tx/${hash}`);
    expect(within(done).getByRole('link', { name: '42' })).toHaveAttribute('href', '/local/block/42');
    expect(within(done).queryByRole('button')).toBeNull();
    const refused = within(finished).getByRole('article', { name: '#9 Issue tokens' });
    expect(within(refused).getByRole('region', { name: 'Outcome' })).toHaveTextContent(
      'Failed: Your wallet address is not allowed to issue new tokens',
    );
    expect(within(refused).queryByRole('button', { name: 'Abort' })).toBeNull();
  });
});
