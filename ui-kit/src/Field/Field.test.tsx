import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from '../TextField/TextField.tsx';

describe('Field', () => {
  it('wires label, help and error to the control', () => {
    render(<TextField label="Amount" help="Whole tokens" error="The amount is invalid" />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveAccessibleDescription('Whole tokens The amount is invalid');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('has no description and is valid without help or error', () => {
    render(<TextField label="Symbol" />);
    const input = screen.getByRole('textbox', { name: 'Symbol' });
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});
