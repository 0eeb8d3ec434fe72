import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AccessRightsTable, accessRightDisabledReasons } from './AccessRightsTable.tsx';

describe('AccessRightsTable', () => {
  it('enables Apply Permissions only after a change and submits changed rights in order OP, L1, L2', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<AccessRightsTable values={{ OP: false, L1: true, L2: false }} onApply={onApply} />);
    const apply = screen.getByRole('button', { name: 'Apply Permissions' });
    expect(apply).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Access Level #2 (L2)' }));
    await user.click(screen.getByRole('switch', { name: 'Security Manager (OP)' }));
    await user.click(screen.getByRole('switch', { name: 'Access Level #1 (L1)' }));
    expect(screen.getByRole('switch', { name: 'Access Level #1 (L1)' })).toHaveTextContent('No');
    await user.click(apply);
    expect(onApply).toHaveBeenCalledWith([
      { right: 'OP', enabled: true },
      { right: 'L1', enabled: false },
      { right: 'L2', enabled: true },
    ]);
  });

  it('toggling back disables Apply again', async () => {
    const user = userEvent.setup();
    render(<AccessRightsTable values={{ OP: false, L1: false, L2: false }} onApply={() => {}} />);
    const op = screen.getByRole('switch', { name: 'Security Manager (OP)' });
    await user.click(op);
    expect(screen.getByRole('button', { name: 'Apply Permissions' })).toBeEnabled();
    await user.click(op);
    expect(screen.getByRole('button', { name: 'Apply Permissions' })).toBeDisabled();
  });

  it('disables a right with the Feature disabled badge and its reason', () => {
    render(
      <AccessRightsTable
        values={{ OP: false, L1: false, L2: false }}
        disabledReasons={{ OP: accessRightDisabledReasons.notOwner }}
        onApply={() => {}}
      />,
    );
    const op = screen.getByRole('switch', { name: 'Security Manager (OP)' });
    expect(op).toBeDisabled();
    expect(op).toHaveAccessibleDescription(accessRightDisabledReasons.notOwner);
    expect(screen.getByText('Feature disabled')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Access Level #1 (L1)' })).toBeEnabled();
  });
});
