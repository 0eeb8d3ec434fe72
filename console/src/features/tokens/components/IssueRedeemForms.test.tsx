import type { ProjectDetail } from '@tranche/api';
import { toChecksumAddress } from '@tranche/ui-kit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { noWalletRights } from '../hooks/useWalletRights.ts';
import { IssueForm, RedeemForm } from './IssueRedeemForms.tsx';
import { OperationDialog, type OperationQuestion } from './OperationDialog.tsx';
import type { TokenOps } from './types.ts';

/** A token with `partitions`, and no wallet connected (nothing is signed or pre-checked here). */
function opsOf(partitions: string[]): TokenOps {
  const token = {
    projectCode: 'ABC',
    partitions: partitions.map((name) => ({ name, value: `0x${'00'.repeat(32)}` })),
  } as unknown as ProjectDetail;
  return {
    token,
    rights: noWalletRights,
    refresh: () => {},
    sign: async () => false,
    submit: async () => false,
    useServer: false,
    confirm: () => {},
  };
}

const partitionOf = (form: string) =>
  within(screen.getByRole('form', { name: form })).getByRole('combobox', { name: 'Partition' });

describe('Issue and Redeem forms (issue 34)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("start with the token's only partition selected", () => {
    render(<IssueForm ops={opsOf(['CLASS-A'])} onCancel={() => {}} />);
    expect(partitionOf('Issue tokens')).toHaveValue('CLASS-A');
    render(<RedeemForm ops={opsOf(['CLASS-A'])} onCancel={() => {}} />);
    expect(partitionOf('Redeem tokens')).toHaveValue('CLASS-A');
  });

  it('ask for a confirmation naming role, address in full, partition and amount; Go back keeps the form', async () => {
    const holder = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const sign = vi.fn(async () => true);
    render(<Page ops={{ ...opsOf(['CLASS-A']), sign }} form="issue" />);
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Issue tokens' });
    await user.type(within(form).getByRole('textbox', { name: 'Amount' }), '1500000');
    await user.type(within(form).getByRole('combobox', { name: 'Token holder' }), holder);
    await user.type(within(form).getByRole('textbox', { name: 'Comments' }), 'Subscription 7');
    await user.click(within(form).getByRole('button', { name: /^Issue$/ }));
    const question = await screen.findByRole('alertdialog', { name: 'Issue tokens' });
    expect(question).toHaveTextContent('Issue 1,500,000 ABC?');
    expect(question).toHaveTextContent(`To ${toChecksumAddress(holder)}`);
    expect(question).toHaveTextContent('On partition CLASS-A.');
    expect(sign).not.toHaveBeenCalled();
    // Go back: the dialog closes, the form keeps what was typed.
    await user.click(within(question).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(form).getByRole('textbox', { name: 'Amount' })).toHaveValue('1500000');
    expect(within(form).getByRole('combobox', { name: 'Token holder' })).toHaveValue(holder);
    expect(partitionOf('Issue tokens')).toHaveValue('CLASS-A');
    // Confirmed: the wallet signs the issue.
    await user.click(within(form).getByRole('button', { name: /^Issue$/ }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Issue tokens' })).getByRole('button', {
        name: 'Yes, continue',
      }),
    );
    await waitFor(() => expect(sign).toHaveBeenCalledTimes(1));
    expect((sign.mock.calls[0] as unknown[])[1]).toBe('issueByPartition(bytes32,address,uint256,bytes)');
  });

  it('confirm a redeem with the wallet it redeems from, the partition and the amount', async () => {
    const wallet = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
    // A connected wallet's redeem is pre-checked by the server: here it passes.
    vi.spyOn(api, 'call').mockImplementation((async (id: string) => {
      if (id === 'precheckOperation') return { ok: true, reason: 'The transfer passes the token rules' };
      if (id === 'listPartitions') return [];
      throw new Error(`not expected here: ${id}`);
    }) as typeof api.call);
    const ops = opsOf(['CLASS-A']);
    render(
      <Page ops={{ ...ops, rights: { ...ops.rights, connected: true, address: wallet } }} form="redeem" />,
    );
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Redeem tokens' });
    await user.type(within(form).getByRole('textbox', { name: 'Amount' }), '25');
    const redeem = within(form).getByRole('button', { name: /^Redeem$/ });
    await waitFor(() => expect(redeem).toBeEnabled());
    await user.click(redeem);
    const question = await screen.findByRole('alertdialog', { name: 'Redeem tokens' });
    expect(question).toHaveTextContent('Redeem 25 ABC?');
    expect(question).toHaveTextContent(`From ${toChecksumAddress(wallet)}`);
    expect(question).toHaveTextContent('From partition CLASS-A.');
  });

  it('wait for the pre-check of the current values: Issue before its answer opens no confirmation', async () => {
    const wallet = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
    const holder = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const refusal = 'The key 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC does not hold Access Level 2';
    // The server's answer to the pre-check is held back until the test lets it go.
    let answer: (value: unknown) => void = () => {};
    const held = new Promise((resolve) => {
      answer = resolve;
    });
    const asked: unknown[] = [];
    vi.spyOn(api, 'call').mockImplementation((async (id: string, input: unknown) => {
      if (id === 'precheckOperation') {
        asked.push(input);
        return held;
      }
      if (id === 'listPartitions') return [];
      throw new Error(`not expected here: ${id}`);
    }) as typeof api.call);
    const ops = opsOf(['CLASS-A']);
    render(
      <Page ops={{ ...ops, rights: { ...ops.rights, connected: true, address: wallet } }} form="issue" />,
    );
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Issue tokens' });
    await user.type(within(form).getByRole('combobox', { name: 'Token holder' }), holder);
    await user.type(within(form).getByRole('textbox', { name: 'Amount' }), '10');
    const issue = within(form).getByRole('button', { name: /^Issue$/ });
    // Clicked (and Enter pressed) before the pre-check answered: nothing opens, the button says why it waits.
    expect(issue).toBeDisabled();
    expect(issue).toHaveAccessibleDescription('Pre-check: checking…');
    await user.click(issue);
    await user.type(within(form).getByRole('textbox', { name: 'Amount' }), '{Enter}');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The answer refuses: the button stays disabled beside the sentence, and still no confirmation.
    answer({ ok: false, code: '0x50', reason: refusal });
    expect(await within(form).findByText(refusal)).toBeVisible();
    expect(issue).toBeDisabled();
    expect(issue).toHaveAccessibleDescription(expect.stringContaining(refusal));
    await user.click(issue);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('leave the partition to choose when the token has several', () => {
    render(<IssueForm ops={opsOf(['CLASS-A', 'CLASS-B'])} onCancel={() => {}} />);
    expect(partitionOf('Issue tokens')).toHaveValue('');
  });
});

/** The form with the token page's confirmation dialog, as TokenInfo shows them. */
function Page({ ops, form }: { ops: TokenOps; form: 'issue' | 'redeem' }) {
  const [question, setQuestion] = useState<OperationQuestion | null>(null);
  const withDialog = { ...ops, confirm: setQuestion };
  return (
    <MemoryRouter>
      {form === 'issue' ? (
        <IssueForm ops={withDialog} onCancel={() => {}} />
      ) : (
        <RedeemForm ops={withDialog} onCancel={() => {}} />
      )}
      <OperationDialog question={question} onClose={() => setQuestion(null)} />
    </MemoryRouter>
  );
}
