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

  it('names who the address is and links it to the explorer, checksummed', () => {
    render(
      <AddressText
        address="0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"
        name="Northwind Pension Fund"
        explorer={{ urlTemplate: 'https://sepolia.etherscan.io/{kind}/{value}' }}
      />,
    );
    expect(screen.getByText('Northwind Pension Fund')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Open Northwind Pension Fund in the explorer/ });
    expect(link).toHaveAttribute(
      'href',
      'https://sepolia.etherscan.io/address/0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("links a local chain to the app's own address page, and shows no link without an explorer", () => {
    const { unmount } = render(
      <AddressText address="0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed" explorer={{ isLocal: true }} />,
    );
    expect(screen.getByRole('link', { name: /Open 0x5aAe…eAed in the explorer/ })).toHaveAttribute(
      'href',
      '/local/address/0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    unmount();
    render(<AddressText address="0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed" />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
