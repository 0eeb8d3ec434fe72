import { describe, expect, it } from 'vitest';
import { expiryDate, expiryWords } from './expiryWords.ts';

const now = Date.parse('2026-11-30T15:00:00Z');

describe('expiryWords (issue 36)', () => {
  it('counts whole days left, rounded up', () => {
    expect(expiryWords('2026-12-12T00:00:00.000Z', now)).toBe('expires in 12 days');
    expect(expiryWords('2026-12-12T15:00:00.000Z', now)).toBe('expires in 12 days');
    expect(expiryWords('2026-12-12T15:00:01.000Z', now)).toBe('expires in 13 days');
    expect(expiryWords('2026-12-01T00:00:00.000Z', now)).toBe('expires in 1 day');
    expect(expiryWords('2026-11-30T15:00:01.000Z', now)).toBe('expires in 1 day');
  });

  it('says the day an expiry passed on (UTC), from its very second', () => {
    expect(expiryWords('2026-11-30T15:00:00.000Z', now)).toBe('expired on 30 Nov 2026');
    expect(expiryWords('2026-11-12T23:30:00.000Z', now)).toBe('expired on 12 Nov 2026');
    expect(expiryDate(Date.parse('2026-12-12T00:00:00Z'))).toBe('12 Dec 2026');
  });

  it('says nothing for a record without expiry', () => {
    expect(expiryWords(null, now)).toBe('');
    expect(expiryWords('not a date', now)).toBe('');
  });
});
