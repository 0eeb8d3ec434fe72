import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toast.tsx';

describe('Toaster', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('dismisses a notice after the auto-hide time, not before', () => {
    const onDismiss = vi.fn();
    render(
      <Toaster
        toasts={[{ id: 'a', title: 'Transaction submitted' }]}
        onDismiss={onDismiss}
        autoHideMs={4000}
      />,
    );
    expect(screen.getByText('Transaction submitted')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3999));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledWith('a');
  });

  it('dismisses on the close button', () => {
    const onDismiss = vi.fn();
    render(
      <Toaster
        toasts={[{ id: 'b', title: 'Transaction approved', tone: 'success' }]}
        onDismiss={onDismiss}
      />,
    );
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(onDismiss).toHaveBeenCalledWith('b');
  });
});
