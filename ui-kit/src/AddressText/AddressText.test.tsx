import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AddressText } from './AddressText.tsx';

describe('AddressText', () => {
  it('shows the checksummed address shortened, with the full value for hover and screen readers', async () => {
    render(<AddressText address="0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed" />);
    expect(screen.getByText('0x5aAe…eAed')).toBeInTheDocument();
    await userEvent.hover(screen.getByText('0x5aAe…eAed'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
  });
});
