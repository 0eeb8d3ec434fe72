import { describe, expect, it } from 'vitest';
import { chainClockOffset, dateTimeLocalValue } from './chainClock.ts';

describe("the chain's clock (GET /health's chainTime)", () => {
  it('runs ahead of the wall clock by what a dev chain was moved, and never behind it', () => {
    const wall = Date.parse('2026-11-27T10:00:00Z');
    expect(chainClockOffset('2026-12-05T10:00:00.000Z', wall)).toBe(8 * 86_400_000);
    // An idle chain's latest block is older than the wall clock: its next block is at least now.
    expect(chainClockOffset('2026-11-27T09:55:00.000Z', wall)).toBe(0);
    expect(chainClockOffset('not a date', wall)).toBe(0);
  });

  it("writes a time as a datetime-local field's value in this browser's time zone", () => {
    const at = new Date(2027, 0, 2, 3, 4, 5).getTime();
    expect(dateTimeLocalValue(at)).toBe('2027-01-02T03:04');
    expect(dateTimeLocalValue(at, true)).toBe('2027-01-02T03:04:05');
  });
});
