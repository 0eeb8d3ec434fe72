import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EffectSummary } from './EffectSummary.tsx';

describe('EffectSummary', () => {
  it('shows the words with the full checksummed recipient, each figure and a passing pre-check', () => {
    render(
      <EffectSummary
        effect="Issue 1,000 ABC to 0x12aA000000000000000000000000000000Bb00ef (Investor 12) on partition default: total supply 10,000 → 11,000; holders 57 → 58"
        precheck={{ ok: true, reason: '' }}
      />,
    );
    expect(
      screen.getByText(
        'Issue 1,000 ABC to 0x12aA000000000000000000000000000000Bb00ef (Investor 12) on partition default',
      ),
    ).toBeVisible();
    const figures = screen.getByRole('list', { name: 'Effect on the token' });
    expect(figures).toHaveTextContent('total supply 10,000 → 11,000');
    expect(figures).toHaveTextContent('holders 57 → 58');
    expect(screen.getByText('Pre-check: would succeed if run now')).toBeVisible();
  });

  it('says why it would fail', () => {
    render(
      <EffectSummary
        effect="Pause trading of ABC"
        precheck={{ ok: false, reason: 'execution reverted: Paused' }}
      />,
    );
    expect(screen.getByText('Pre-check: would fail now: execution reverted: Paused')).toBeVisible();
  });
});
