/** The drawing's coordinates: x from 0 to {@link plotWidth}, y from 0 (top) to {@link plotHeight} (the baseline). */
export const plotWidth = 1000;
export const plotHeight = 100;
/** Room above the highest value, so that its line never touches the top edge. */
const headroom = 4;

const millisPerDay = 86_400_000;

/** A UTC day ('2026-11-27') as its number of days since 1970-01-01. */
export function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / millisPerDay);
}

/**
 * A step line of a day series from `from` to `to` (each day a slot of equal width, today's slot included): a value
 * holds from its day until the next point, the last one to the right edge; before the first point the value is 0
 * (nothing was issued yet). Values are scaled to the highest one (bigint, so that 18-decimal amounts stay exact).
 * Gives the line's path and the area under it (the same path closed along the baseline).
 */
export function stepPaths(
  points: readonly { day: string; value: bigint }[],
  from: string,
  to: string,
): { line: string; area: string; highest: bigint } {
  const start = dayNumber(from);
  const slots = Math.max(dayNumber(to) - start + 1, 1);
  // biome-ignore lint/complexity/useMathMinMax: bigints (Math.max takes numbers only)
  const highest = points.reduce((max, p) => (p.value > max ? p.value : max), 0n);
  const x = (day: string) =>
    round((Math.min(Math.max(dayNumber(day) - start, 0), slots) / slots) * plotWidth);
  const y = (value: bigint) =>
    highest === 0n
      ? plotHeight
      : round(plotHeight - (Number((value * 100_000n) / highest) / 100_000) * (plotHeight - headroom));
  let line = `M0 ${y(0n)}`;
  for (const point of points) line += ` H${x(point.day)} V${y(point.value)}`;
  line += ` H${plotWidth}`;
  return { line, area: `${line} V${plotHeight} H0 Z`, highest };
}

const round = (n: number) => Math.round(n * 100) / 100;
