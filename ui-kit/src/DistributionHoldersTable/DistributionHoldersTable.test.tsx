import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DistributionHoldersTable } from './DistributionHoldersTable.tsx';

const rows = [
  {
    index: 0,
    holderAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    balance: '100',
    amount: '333333333',
  },
  {
    index: 1,
    holderAddress: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
    balance: '200',
    amount: '666666666',
  },
];

describe('DistributionHoldersTable', () => {
  it('lists each payment with its balance, then the remainder and the total funded', () => {
    render(
      <DistributionHoldersTable
        rows={rows}
        amount="1000000000"
        remainder="1"
        assetSymbol="tUSD"
        assetDecimals={6}
      />,
    );
    const body = screen.getAllByRole('row').slice(1);
    expect(body.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^0.*100333\.333333 tUSD$/),
      expect.stringMatching(/^1.*200666\.666666 tUSD$/),
      'Rounding remainder (returned to the issuer)0.000001 tUSD',
      'Total funded1,000.00 tUSD',
    ]);
    expect(within(body[2] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Rounding remainder');
  });

  it('counts the holders it does not show, and says when nobody is paid', () => {
    const { rerender } = render(
      <DistributionHoldersTable
        rows={rows}
        amount="1000000000"
        remainder="1"
        assetSymbol="tUSD"
        assetDecimals={6}
        limit={1}
      />,
    );
    expect(screen.getByText('and 1 more holder')).toBeVisible();
    rerender(
      <DistributionHoldersTable rows={[]} amount="0" remainder="0" assetSymbol="tUSD" assetDecimals={6} />,
    );
    expect(screen.getByText('Nobody to pay')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
