import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tooltip } from './Tooltip.tsx';

describe('Tooltip', () => {
  it('describes its trigger, shows on focus and hides on Escape', async () => {
    render(
      <Tooltip content="Signed by a, b and c">
        <button type="button">2/3</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: '2/3' });
    expect(trigger).toHaveAccessibleDescription('Signed by a, b and c');
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveAttribute('data-state', 'closed');
    await userEvent.tab();
    expect(screen.getByRole('tooltip')).toHaveAttribute('data-state', 'open');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveAttribute('data-state', 'closed');
  });
});
