import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton.tsx';

describe('Skeleton', () => {
  it('announces what loads once and hides its shapes from screen readers', () => {
    const { container } = render(<Skeleton label="Loading the tokens" shape="table" rows={3} columns={2} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading the tokens');
    expect(status).toHaveAttribute('aria-busy', 'true');
    // A head row and three rows of two cells, none of them in the accessibility tree.
    expect(container.querySelectorAll('[aria-hidden="true"] span > span')).toHaveLength(8);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
