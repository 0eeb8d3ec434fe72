import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './Switch.tsx';

describe('Switch', () => {
  it('is a labelled switch that reads Yes/No and toggles with the keyboard', async () => {
    const onCheckedChange = vi.fn();
    render(<Switch label="Access Level #1 (L1)" checked={false} onCheckedChange={onCheckedChange} />);
    const control = screen.getByRole('switch', { name: 'Access Level #1 (L1)' });
    expect(control).toHaveAttribute('aria-checked', 'false');
    expect(control).toHaveTextContent('No');
    control.focus();
    await userEvent.keyboard(' ');
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });
});
