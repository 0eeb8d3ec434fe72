import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as Tabs from './Tabs.tsx';

describe('Tabs', () => {
  it('switches panels with arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs.Root defaultValue="a">
        <Tabs.List aria-label="Sections">
          <Tabs.Trigger value="a">Transactions</Tabs.Trigger>
          <Tabs.Trigger value="b">Sharded Transactions</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="a">Regular list</Tabs.Content>
        <Tabs.Content value="b">Sharded list</Tabs.Content>
      </Tabs.Root>,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Regular list');
    await user.click(screen.getByRole('tab', { name: 'Transactions' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sharded Transactions' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Sharded list');
    expect(Tabs.Trigger.displayName).toBe('Tabs.Trigger');
  });
});
