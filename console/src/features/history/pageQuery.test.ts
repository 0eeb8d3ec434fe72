import { describe, expect, it } from 'vitest';
import { pageFromQuery, shownPageCount } from './pageQuery.ts';

describe('pageFromQuery', () => {
  it('reads whole numbers of at least 1', () => {
    expect(pageFromQuery('3')).toBe(3);
    expect(pageFromQuery(' 12 ')).toBe(12);
  });
  it('reads anything else as 1', () => {
    for (const value of [null, undefined, '', 'abc', '0', '-2', '2.5', '1e3', '3x'])
      expect(pageFromQuery(value)).toBe(1);
  });
});

describe('shownPageCount', () => {
  it('shows at least one page', () => {
    expect(shownPageCount(0)).toBe(1);
    expect(shownPageCount(-4)).toBe(1);
    expect(shownPageCount(Number.NaN)).toBe(1);
    expect(shownPageCount(5)).toBe(5);
  });
});
