import { describe, expect, it } from 'vitest';
import { resolveTheme } from './useAppTheme.ts';

describe('resolveTheme', () => {
  it('follows the system for System, and for a missing or unknown stored value', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme(undefined, true)).toBe('dark');
    expect(resolveTheme('purple', false)).toBe('light');
  });

  it('keeps a chosen theme whatever the system says', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
