import { describe, expect, it } from 'vitest';
import { accountErrors, countOf, errorTitles } from './accountMessages.ts';

describe('countOf', () => {
  it('puts the noun in the number of the count, grouped', () => {
    expect(countOf(1, 'address', 'addresses')).toBe('1 address');
    expect(countOf(0, 'address', 'addresses')).toBe('0 addresses');
    expect(countOf(2, 'holder')).toBe('2 holders');
    expect(countOf(1500, 'holder')).toBe('1,500 holders');
    expect(countOf(1n, 'token')).toBe('1 token');
  });
});

describe('errorTitles', () => {
  it('names the problem of a wrong password instead of "Validation error"', () => {
    expect(errorTitles[accountErrors.wrongCredentials]).toBe('Wrong email or password');
  });
});
