import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pagination } from './Pagination.tsx';
import { pageItems } from './pages.ts';

const href = (n: number) => `/Tokens?page=${n}&term=abc`;

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} hrefForPage={href} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('links every shown page through hrefForPage and marks the current one', () => {
    render(<Pagination page={2} totalPages={3} hrefForPage={href} />);
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/Tokens?page=3&term=abc');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/Tokens?page=1&term=abc',
    );
  });

  it('uses a custom link renderer', () => {
    render(
      <Pagination
        page={1}
        totalPages={2}
        hrefForPage={href}
        renderLink={({ href: to, children, ...rest }) => (
          <a href={`#${to}`} data-router="yes" {...rest}>
            {children}
          </a>
        )}
      />,
    );
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('data-router', 'yes');
  });

  it('collapses long ranges with gaps', () => {
    expect(pageItems(5, 10).map((i) => (i.type === 'page' ? i.page : '…'))).toEqual([
      1,
      '…',
      4,
      5,
      6,
      '…',
      10,
    ]);
    expect(pageItems(1, 3).map((i) => (i.type === 'page' ? i.page : '…'))).toEqual([1, 2, 3]);
    expect(pageItems(3, 5).map((i) => (i.type === 'page' ? i.page : '…'))).toEqual([1, 2, 3, 4, 5]);
  });
});
