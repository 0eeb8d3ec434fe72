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

describe('the menu button (phone layout)', () => {
  it('says whether the panel is open, controls it, and closes it on Escape with the focus back', async () => {
    renderNav();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(screen.getByRole('link', { name: 'My Tokens' }));
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open', 'true');
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes when a link is followed', async () => {
    renderNav();
    const button = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('link', { name: 'Whitelists' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
