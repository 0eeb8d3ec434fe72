import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PartitionSelect } from './PartitionSelect.tsx';

describe('PartitionSelect', () => {
  it('shows descriptions and returns the partition name', async () => {
    const onChange = vi.fn();
    render(
      <PartitionSelect
        partitions={[{ name: 'CLASS-A', description: 'Class A shares' }]}
        value=""
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Partition' });
    expect(screen.getByRole('option', { name: 'Select a partition' })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'Class A shares (CLASS-A)');
    expect(onChange).toHaveBeenCalledWith('CLASS-A');
  });
});
