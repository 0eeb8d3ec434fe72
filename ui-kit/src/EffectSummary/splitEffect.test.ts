import { describe, expect, it } from 'vitest';
import { splitEffect } from './splitEffect.ts';

describe('splitEffect', () => {
  it('splits the words from the figures', () => {
    expect(
      splitEffect('Issue 1,000 ABC to 0x12…ef on partition default: total supply 10 → 11; holders 5 → 6'),
    ).toEqual({
      headline: 'Issue 1,000 ABC to 0x12…ef on partition default',
      figures: ['total supply 10 → 11', 'holders 5 → 6'],
    });
  });
  it('keeps an effect without figures whole', () => {
    expect(splitEffect('Resume trading of ABC')).toEqual({ headline: 'Resume trading of ABC', figures: [] });
  });
});
