import { useId } from 'react';
import type { HeadingLevel } from '../Heading/Heading.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../Table/Table.tsx';
import { amountText } from '../private/shares.ts';
import { plotHeight, plotWidth, stepPaths } from './series.ts';
import * as styles from './SupplyAndHoldersChart.css.ts';

/** The figures at the end of a UTC day ('2026-11-27') on which they changed. */
export type SupplyAndHoldersPoint = { day: string; supply: bigint; holders: number };

export type SupplyAndHoldersRange = { value: string; label: string };

export type SupplyAndHoldersChartProps = {
  /** The days on which supply or holders changed, oldest first; a point on `from` carries what held before it. */
  points: readonly SupplyAndHoldersPoint[];
  /** The first and last day drawn (UTC, YYYY-MM-DD). */
  from: string;
  to: string;
  /** The ranges to choose from, e.g. 30 days, 1 year, all; none: no range picker. */
  ranges?: readonly SupplyAndHoldersRange[];
  /** The chosen range's `value`. */
  range?: string;
  onRangeChange?: (value: string) => void;
  /** Formats a supply, e.g. with the token's symbol; thousands separators by default. */
  formatAmount?: (amount: bigint) => string;
  /** Formats a day; '27 Nov 2026' by default. */
  formatDay?: (day: string) => string;
  /** The title's heading level: 3 (under a card's title) by default, 2 where the chart is a section of the page. */
  titleLevel?: HeadingLevel;
};

export const supplyAndHoldersTexts = {
  title: 'Supply and holders over time',
  empty: 'Nothing issued yet: the token has no supply and no holders in this range.',
  range: 'Range',
  supply: 'Total supply',
  holders: 'Holders',
  day: 'Day',
  table: 'Supply and holders at the end of each day they changed',
} as const;

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const defaultFormatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
const count = (n: number | bigint) => n.toLocaleString('en-US');

/**
 * "Supply and holders over time": the token's total supply and number of holders from day to day, as two step lines
 * over the same days (plain SVG in the theme's colours, hidden from assistive technology) and the same points as a
 * table (the text alternative), with a range picker. The series come computed from the server; the chart only draws.
 */
export function SupplyAndHoldersChart({
  points,
  from,
  to,
  ranges = [],
  range,
  onRangeChange,
  formatAmount = amountText,
  formatDay = defaultFormatDay,
  titleLevel = 3,
}: SupplyAndHoldersChartProps) {
  const id = useId();
  const Title = `h${titleLevel}` as const;
  const titleId = `${id}-title`;
  const tableId = `${id}-table`;
  const supply = stepPaths(
    points.map((p) => ({ day: p.day, value: p.supply })),
    from,
    to,
  );
  const holders = stepPaths(
    points.map((p) => ({ day: p.day, value: BigInt(p.holders) })),
    from,
    to,
  );
  const last = points.at(-1);
  const series = [
    {
      name: supplyAndHoldersTexts.supply,
      paths: supply,
      figure: last ? `${formatAmount(last.supply)} (highest ${formatAmount(supply.highest)})` : '',
      line: styles.supplyLine,
      area: styles.supplyArea,
    },
    {
      name: supplyAndHoldersTexts.holders,
      paths: holders,
      figure: last ? `${count(last.holders)} (highest ${count(holders.highest)})` : '',
      line: styles.holdersLine,
      area: styles.holdersArea,
    },
  ];
  return (
    <section className={styles.figure} aria-labelledby={titleId}>
      <div className={styles.header}>
        <Title id={titleId} className={styles.title}>
          {supplyAndHoldersTexts.title}
        </Title>
        {ranges.length > 0 ? (
          <fieldset className={styles.ranges}>
            <legend className={styles.rangesLegend}>{supplyAndHoldersTexts.range}</legend>
            {ranges.map((option) => (
              <label
                key={option.value}
                className={styles.rangeOption}
                data-checked={option.value === range || undefined}
              >
                <input
                  className={styles.rangeInput}
                  type="radio"
                  name={`${id}-range`}
                  value={option.value}
                  checked={option.value === range}
                  onChange={() => onRangeChange?.(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        ) : null}
      </div>
      {points.length === 0 ? (
        <p className={styles.empty}>{supplyAndHoldersTexts.empty}</p>
      ) : (
        <>
          <div className={styles.plots}>
            {series.map((s) => (
              <div key={s.name} className={styles.plot}>
                <div className={styles.plotHeader}>
                  <span className={styles.seriesName}>{s.name}</span>
                  <span className={styles.seriesFigure}>{s.figure}</span>
                </div>
                <svg
                  className={styles.svg}
                  viewBox={`0 0 ${plotWidth} ${plotHeight}`}
                  preserveAspectRatio="none"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path className={s.area} d={s.paths.area} />
                  <path className={s.line} d={s.paths.line} vectorEffect="non-scaling-stroke" />
                </svg>
              </div>
            ))}
            <div className={styles.axis} aria-hidden="true">
              <span>{formatDay(from)}</span>
              <span>{formatDay(to)}</span>
            </div>
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable with the keyboard */}
          <section className={styles.tableScroller} aria-labelledby={tableId} tabIndex={0}>
            <Table caption={<span id={tableId}>{supplyAndHoldersTexts.table}</span>}>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>{supplyAndHoldersTexts.day}</TableHeaderCell>
                  <TableHeaderCell align="right">{supplyAndHoldersTexts.supply}</TableHeaderCell>
                  <TableHeaderCell align="right">{supplyAndHoldersTexts.holders}</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {points.map((p) => (
                  <TableRow key={p.day}>
                    <TableCell>
                      <span className={styles.nowrap}>{formatDay(p.day)}</span>
                    </TableCell>
                    <TableCell align="right">{formatAmount(p.supply)}</TableCell>
                    <TableCell align="right">{count(p.holders)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </section>
        </>
      )}
    </section>
  );
}
