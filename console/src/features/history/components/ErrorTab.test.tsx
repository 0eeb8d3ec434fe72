import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorTab } from './ShardedTransactionPage.tsx';

describe('ErrorTab', () => {
  it('reports success when the transaction has no error message', () => {
    render(<ErrorTab errorMessage="  " />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('All good');
    expect(status).toHaveTextContent('No errors reported');
  });

  it('lists each line of the blockchain error', () => {
    render(<ErrorTab errorMessage={'execution reverted\n\nSecurityToken: not allowed to issue tokens\n'} />);
    const alert = screen.getByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['execution reverted', 'SecurityToken: not allowed to issue tokens']);
    expect(screen.queryByText('No errors reported')).toBeNull();
  });
});
