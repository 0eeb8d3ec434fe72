import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tooltip } from './Tooltip.tsx';

describe('Tooltip', () => {
  it('shows on keyboard focus, describes its trigger, and hides on Escape', async () => {
    render(
      <Tooltip content="Signed by a, b and c">
        <button type="button">2/3</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: '2/3' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.tab();
    expect(trigger).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Signed by a, b and c');
    expect(trigger).toHaveAccessibleDescription('Signed by a, b and c');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on hover', async () => {
    render(
      <Tooltip content="The full address">
        <button type="button">0x12…34</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: '0x12…34' });
    await userEvent.hover(trigger);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The full address');
  });
});
