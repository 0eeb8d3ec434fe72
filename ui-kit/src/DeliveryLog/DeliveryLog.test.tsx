import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeliveryLog } from './DeliveryLog.tsx';
import { deliveryFixtures } from './fixtures.ts';

describe('DeliveryLog', () => {
  it('lists every attempt with its status code, and replays one', async () => {
    const onReplay = vi.fn();
    render(<DeliveryLog deliveries={deliveryFixtures} onReplay={onReplay} />);
    const rows = within(screen.getByRole('table', { name: 'Deliveries' })).getAllByRole('row');
    expect(rows).toHaveLength(1 + deliveryFixtures.length);
    expect(rows[1]).toHaveTextContent('token.issued');
    expect(rows[1]).toHaveTextContent('retrying');
    expect(rows[1]).toHaveTextContent('500');
    expect(rows[4]).toHaveTextContent('delivered');
    expect(rows[4]).toHaveTextContent('200');
    await userEvent.click(screen.getByRole('button', { name: 'Replay dtx.executed evt_7Kd1p3c9' }));
    expect(onReplay).toHaveBeenCalledWith(deliveryFixtures[4]);
  });

  it('says when there is nothing yet', () => {
    render(<DeliveryLog deliveries={[]} onReplay={vi.fn()} />);
    expect(screen.getByText('No deliveries yet.')).toBeVisible();
  });
});
