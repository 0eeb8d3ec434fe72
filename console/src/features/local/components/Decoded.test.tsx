import type { LocalDecodedEvent, LocalTokenTransfer } from '@tranche/api';
import { render as renderOutside, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DecodedCall, EventList, RawInput } from './Decoded.tsx';
import { TokenTransferList } from './TokenTransferList.tsx';

const render = (ui: ReactNode) => renderOutside(<MemoryRouter>{ui}</MemoryRouter>);
const holder = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const tusd = `0x${'b'.repeat(40)}`;

describe('the local explorer’s decoded transactions', () => {
  it('shows the function called by name with its named arguments, the address linked', () => {
    render(
      <DecodedCall
        call={{
          name: 'transfer',
          signature: 'transfer(address,uint256)',
          args: [
            { name: 'to', type: 'address', value: holder },
            { name: 'value', type: 'uint256', value: '1,000.000001 tUSD' },
          ],
        }}
      />,
    );
    expect(screen.getByText('transfer')).toBeVisible();
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(`to (address): ${holder}`);
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `/local/address/${holder}`,
    );
    expect(items[1]).toHaveTextContent('value (uint256): 1,000.000001 tUSD');
  });

  it('keeps the raw input data behind a disclosure (a native summary: keyboard and screen readers)', async () => {
    const input = `0xa9059cbb${'0'.repeat(128)}`;
    render(<RawInput input={input} />);
    expect(screen.getByText(input)).not.toBeVisible();
    await userEvent.click(screen.getByText('Show the raw input data (68 bytes)'));
    expect(screen.getByText(input)).toBeVisible();
  });

  it('lists the events by name, with unknown ones by their topic', () => {
    const events: LocalDecodedEvent[] = [
      {
        index: 0,
        address: tusd,
        name: 'Transfer',
        signature: 'Transfer(address,address,uint256)',
        args: [{ name: 'value', type: 'uint256', value: '35,250 tUSD' }],
      },
      { index: 1, address: tusd, name: '', signature: `0x${'9'.repeat(64)}`, args: [] },
    ];
    render(<EventList events={events} />);
    const transfer = screen.getByRole('table', { name: 'Event 1: Transfer' });
    expect(within(transfer).getByRole('row', { name: /^value \(uint256\)/ })).toHaveTextContent(
      '35,250 tUSD',
    );
    expect(within(transfer).getByRole('row', { name: /^Contract/ })).toHaveTextContent(tusd);
    const unknown = screen.getByRole('table', { name: 'Event 2: not one of this platform’s contracts' });
    expect(unknown).toHaveTextContent(`Unknown (topic 0x${'9'.repeat(64)})`);
  });

  it('shows token transfers in the token’s units', () => {
    const transfer: LocalTokenTransfer = {
      hash: `0x${'1'.repeat(64)}`,
      blockNumber: 9,
      logIndex: 0,
      token: tusd,
      tokenSymbol: 'tUSD',
      from: `0x${'0'.repeat(40)}`,
      to: holder,
      value: '1000000001',
      tokenDecimals: 6,
    };
    render(<TokenTransferList caption="Token transfers" transfers={[transfer]} />);
    const cells = screen.getAllByRole('row')[1]?.querySelectorAll('td') ?? [];
    expect(cells[4]).toHaveTextContent('1,000.000001');
    expect(cells[5]).toHaveTextContent(`tUSD ${tusd}`);
    expect(cells[2]).toHaveTextContent('Issued');
  });
});
