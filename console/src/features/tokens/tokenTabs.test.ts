import { describe, expect, it } from 'vitest';
import { tokenTabOf } from './tokenTabs.ts';

describe('the TokenInfo tab in the address', () => {
  it('keeps the tab the address names', () => {
    expect(tokenTabOf(new URLSearchParams('token=ABC&tab=bulk'))).toBe('bulk');
    expect(tokenTabOf(new URLSearchParams('token=ABC&tab=distributions'))).toBe('distributions');
  });

  it('falls back to Token Holders for no tab, an unknown one, or one this viewer is not shown', () => {
    expect(tokenTabOf(new URLSearchParams('token=ABC'))).toBe('holders');
    expect(tokenTabOf(new URLSearchParams('token=ABC&tab=constructor'))).toBe('holders');
    expect(tokenTabOf(new URLSearchParams('token=ABC&tab=controller'), ['holders', 'bulk'])).toBe('holders');
  });
});
