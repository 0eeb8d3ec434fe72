import { describe, expect, it } from 'vitest';
import { formatDate, timeAgo } from './timeAgoText.ts';

// Local-time construction keeps the test independent of the machine's time zone.
const now = new Date(2026, 10, 23, 23, 30, 0);
const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms), now);
const s = 1000;
const min = 60 * s;
const h = 60 * min;

describe('timeAgo boundaries', () => {
  it.each([
    [0, 'now'],
    [4.9 * s, 'now'],
    [5 * s, '5 seconds ago'],
    [59 * s, '59 seconds ago'],
    [59.9 * s, '59 seconds ago'],
    [60 * s, 'about a minute ago'],
    [89 * s, 'about a minute ago'],
    [90 * s, '2 minutes ago'],
    [10 * min, '10 minutes ago'],
    [59 * min, '59 minutes ago'],
    [59 * min + 59 * s, '59 minutes ago'],
    [60 * min, 'an hour ago'],
    [2 * h + 10 * min, '2 hours ago'],
    [21 * h, '21 hours ago'],
    [21 * h + 59 * min, '21 hours ago'],
  ])('%d ms ago reads %s', (ms, expected) => {
    expect(ago(ms)).toBe(expected);
  });

  it('reads Today at 22 h when still the same calendar day', () => {
    expect(ago(22 * h)).toBe('Today at 01:30');
  });

  it('reads Yesterday for the previous calendar day', () => {
    const early = new Date(2026, 10, 23, 8, 0, 0);
    expect(timeAgo(new Date(2026, 10, 22, 9, 15, 0), early)).toBe('Yesterday at 09:15');
  });

  it('reads the date before yesterday', () => {
    expect(timeAgo(new Date(2026, 10, 20, 9, 15, 0), now)).toBe('2026-11-20');
    expect(formatDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('treats a future time as now', () => {
    expect(ago(-30 * s)).toBe('now');
  });
});
