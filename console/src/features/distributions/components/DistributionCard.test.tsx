import type { Distribution } from '@tranche/api';
import { render as renderOutside, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DistributionCard } from './DistributionCard.tsx';

const excluded = [`0x${'1'.repeat(40)}`, `0x${'2'.repeat(40)}`];
const distribution: Distribution = {
  id: 7,
  snapshotId: 3,
  symbol: 'DIVI',
  issuer: `0x${'a'.repeat(40)}`,
  creator: 'Alice Issuer',
  asset: `0x${'b'.repeat(40)}`,
  assetSymbol: 'tUSD',
  assetDecimals: 6,
  distributorAddress: `0x${'c'.repeat(40)}`,
  distributionId: `0x${'d'.repeat(64)}`,
  merkleRoot: `0x${'e'.repeat(64)}`,
  nonce: '7',
  deadline: '2030-06-30T00:00:00.000Z',
  amount: '600',
  amountPerToken: null,
  remainder: '0',
  holders: 1,
  excluded,
  funded: true,
  underfunded: false,
  shortfall: '0',
  escrowAddress: null,
  reclaimed: false,
  deadlinePassed: false,
  claimed: '0',
  pushed: '0',
  remaining: '600',
  paidHolders: 0,
  pushJob: null,
  createdOn: '2030-06-01T00:00:00.000Z',
};
const actions = { sendFromWallet: vi.fn(), reload: vi.fn() };
/** Addresses link to the explorer through the router. */
const render = (ui: ReactNode) => renderOutside(<MemoryRouter>{ui}</MemoryRouter>);

describe('DistributionCard', () => {
  it('shows who created the distribution and whom it excludes', () => {
    render(<DistributionCard distribution={distribution} actions={actions} />);
    expect(screen.getByText(/created by Alice Issuer/)).toBeVisible();
    expect(screen.getByText(/Excluded \(2\)/)).toBeVisible();
    for (const address of excluded)
      expect(screen.getAllByText(new RegExp(address, 'i')).length).toBeGreaterThan(0);
    expect(screen.getByText('Funded: 0.0006 tUSD')).toBeVisible();
  });

  it('shows a distribution funded with less than its amount as underfunded, without Fund or Push', () => {
    render(
      <DistributionCard
        distribution={{
          ...distribution,
          funded: false,
          underfunded: true,
          shortfall: '1',
          escrowAddress: `0x${'f'.repeat(40)}`,
          remaining: '599',
        }}
        actions={actions}
      />,
    );
    expect(screen.getByText('Funded: 0.000599 tUSD of 0.0006 tUSD (underfunded)')).toBeVisible();
    expect(screen.getByText(/Funded with less than its amount: 0.000001 tUSD missing/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Fund' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Push payments' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reclaim' })).toBeVisible();
  });

  it('keeps Reclaim disabled until the chain is past the claim deadline, saying when it opens', () => {
    render(<DistributionCard distribution={distribution} actions={actions} />);
    expect(screen.getByRole('button', { name: 'Reclaim' })).toBeDisabled();
    expect(screen.getByText(/^Reclaim opens after the claim deadline, /)).toBeVisible();
    render(
      <DistributionCard distribution={{ ...distribution, id: 8, deadlinePassed: true }} actions={actions} />,
    );
    expect(screen.getAllByRole('button', { name: 'Reclaim' })[1]).toBeEnabled();
  });

  it('keeps Push payments disabled once every holder is paid (a second push would repeat a finished job)', () => {
    render(
      <DistributionCard
        distribution={{ ...distribution, pushed: '600', remaining: '0' }}
        actions={actions}
      />,
    );
    expect(screen.getByRole('button', { name: 'Push payments' })).toBeDisabled();
    expect(screen.getByText('Every holder is paid: nothing is left to push.')).toBeVisible();
  });

  it('offers Cancel distribution only while nobody funded it', () => {
    render(
      <DistributionCard
        distribution={{ ...distribution, funded: false, remaining: '0' }}
        actions={actions}
      />,
    );
    expect(screen.getByRole('button', { name: 'Cancel distribution' })).toBeEnabled();
    render(<DistributionCard distribution={{ ...distribution, id: 9 }} actions={actions} />);
    expect(screen.getAllByRole('button', { name: 'Cancel distribution' })).toHaveLength(1);
  });
});
