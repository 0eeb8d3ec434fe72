import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LoggedInNav } from './LoggedInNav.tsx';

const renderNav = () =>
  render(
    <MemoryRouter initialEntries={['/Tokens']}>
      <LoggedInNav />
    </MemoryRouter>,
  );

describe('the header search', () => {
  it('clears its text after a search navigates to the results', async () => {
    renderNav();
    const box = screen.getByRole('searchbox', { name: 'Search tokens' });
    await userEvent.type(box, 'ACME{Enter}');
    expect(screen.getByRole('searchbox', { name: 'Search tokens' })).toHaveValue('');
  });

  it('clears its text when the user navigates elsewhere', async () => {
    renderNav();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search tokens' }), 'half typed');
    await userEvent.click(screen.getByRole('link', { name: 'Whitelists' }));
    expect(screen.getByRole('searchbox', { name: 'Search tokens' })).toHaveValue('');
  });
});
