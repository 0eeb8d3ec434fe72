import { describe, expect, it } from 'vitest';
import { dayNumber, stepPaths } from './series.ts';

describe('stepPaths', () => {
  it('counts days since 1970 in UTC', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2026-11-27') - dayNumber('2026-10-29')).toBe(29);
  });

  it('draws each value from its day to the next point, 0 before the first, the last to the right edge', () => {
    // Four days, four slots of 250: 0 on the first day, 50 from the second, 100 from the fourth.
    const { line, area, highest } = stepPaths(
      [
        { day: '2026-01-02', value: 50n },
        { day: '2026-01-04', value: 100n },
      ],
      '2026-01-01',
      '2026-01-04',
    );
    expect(highest).toBe(100n);
    expect(line).toBe('M0 100 H250 V52 H750 V4 H1000');
    expect(area).toBe('M0 100 H250 V52 H750 V4 H1000 V100 H0 Z');
  });

  it('fills the width with one day, and keeps 18-decimal amounts exact', () => {
    const big = 61_234_567_890_123_456_789_000n;
    expect(stepPaths([{ day: '2026-01-01', value: big }], '2026-01-01', '2026-01-01').line).toBe(
      'M0 100 H0 V4 H1000',
    );
    expect(
      stepPaths(
        [
          { day: '2026-01-01', value: big / 2n },
          { day: '2026-01-01', value: big },
        ],
        '2026-01-01',
        '2026-01-01',
      ).highest,
    ).toBe(big);
  });

  it('stays on the baseline when every value is 0', () => {
    expect(stepPaths([{ day: '2026-01-01', value: 0n }], '2026-01-01', '2026-01-02').line).toBe(
      'M0 100 H0 V100 H1000',
    );
  });
});
