import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CopyButton } from './CopyButton.tsx';

describe('CopyButton', () => {
  it('copies the value and confirms', async () => {
    const user = userEvent.setup();
    render(<CopyButton value="0xabc" label="Copy address" />);
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe('0xabc');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });
});
