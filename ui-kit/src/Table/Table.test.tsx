import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from './Table.tsx';

describe('Table', () => {
  it('names each cell with its column for the phone cards, and keeps the cell text as it is', () => {
    render(
      <Table caption="Tokens" cardsOnPhone>
        <TableHead>
          <TableRow>
            <TableHeaderCell>Symbol</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell label="Symbol">ACME</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const cell = screen.getByRole('cell', { name: 'ACME' });
    expect(cell).toHaveAttribute('data-label', 'Symbol');
    expect(screen.getByRole('table', { name: 'Tokens' }).className).not.toBe('');
  });
});
