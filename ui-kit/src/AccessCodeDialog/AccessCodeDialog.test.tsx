import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AccessCodeDialog } from './AccessCodeDialog.tsx';

describe('AccessCodeDialog', () => {
  it('requires the access code, then submits it', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AccessCodeDialog open onOpenChange={() => {}} onSubmit={onSubmit} />);
    expect(screen.getByRole('dialog', { name: 'Enter your Access Code' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const field = screen.getByLabelText(/Access code/);
    expect(field).toHaveAccessibleDescription('The access code is required');
    await user.type(field, 'a-secret{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('a-secret');
  });
});
