import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RecoveredCell } from './RecoveredCell.tsx';

/** The cell's text as a holders table shows it (addresses link through the router). */
const cellText = (props: Parameters<typeof RecoveredCell>[0]) =>
  render(
    <MemoryRouter>
      <RecoveredCell {...props} />
    </MemoryRouter>,
  ).container.textContent;

describe('RecoveredCell', () => {
  it('names the lost wallet a recovered holder replaced', () => {
    expect(cellText({ recoveredFrom: `0x${'a'.repeat(40)}` })).toMatch(/^From 0x/i);
    expect(screen.getAllByText(/0xaaaa/i).length).toBeGreaterThan(0);
  });

  it('names the new wallet of a lost one', () => {
    expect(cellText({ recoveredTo: `0x${'b'.repeat(40)}` })).toMatch(/^To 0x/i);
    expect(screen.getAllByText(/0xbbbb/i).length).toBeGreaterThan(0);
  });

  it('is empty for a holder never recovered', () => {
    expect(cellText({})).toBe('');
  });
});
